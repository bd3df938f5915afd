import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGE_CHANNEL_LABELS } from '@scheduler/contract/admin/messages';
import type { MessageTemplate } from '@scheduler/contract/admin/message-templates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { TemplateEditor } from './template-editor';
import { fetchTemplates, templateKeys, type TemplateKey } from './templates-api';

const slotId = (slot: TemplateKey) => `${slot.kind}:${slot.channel}`;

/** 'Reminder · SMS'. */
export function templateTitle(template: Pick<MessageTemplate, 'label' | 'channel'>): string {
  return `${template.label} · ${MESSAGE_CHANNEL_LABELS[template.channel]}`;
}

/** Every template of the practice (kind × channel) and the editor of the one chosen. */
export function TemplatesPanel({ clientId, canWrite }: { clientId: string; canWrite: boolean }) {
  const list = useQuery({
    queryKey: templateKeys.list(clientId),
    queryFn: ({ signal }) => fetchTemplates(clientId, signal),
  });
  const [chosen, setChosen] = useState<TemplateKey | null>(null);
  if (list.isPending) return <LoadingBlock label="Loading the templates…" />;
  if (list.isError)
    return <ErrorBlock error={list.error} what="the templates" onRetry={() => void list.refetch()} />;
  const items = list.data.items;
  const first = items[0];
  const current =
    (chosen && items.find((item) => slotId(item) === slotId(chosen))) ?? (first ? first : undefined);
  if (!current) return <Typography>No message has a template.</Typography>;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)' } }}>
      <Paper component="nav" variant="outlined" aria-label="Templates" sx={{ alignSelf: 'start' }}>
        <List dense>
          {items.map((item) => {
            const selected = slotId(item) === slotId(current);
            return (
              <li key={slotId(item)}>
                <ListItemButton
                  selected={selected}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => setChosen({ kind: item.kind, channel: item.channel })}
                >
                  <ListItemText
                    primary={templateTitle(item)}
                    secondary={item.isDefault ? 'Default' : 'Edited by the practice'}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      </Paper>
      <Box component="section" aria-labelledby="template-title" sx={{ minWidth: 0 }}>
        <Typography id="template-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {templateTitle(current)}
        </Typography>
        <TemplateEditor
          key={slotId(current)}
          clientId={clientId}
          slot={{ kind: current.kind, channel: current.channel }}
          canWrite={canWrite}
        />
      </Box>
    </Box>
  );
}
