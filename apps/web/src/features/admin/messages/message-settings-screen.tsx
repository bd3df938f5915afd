import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { AdminPage } from '../shared/components/admin-page';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { ReminderRulesEditor } from './reminder-rules-editor';
import { TemplatesPanel } from './templates-panel';

type Panel = 'templates' | 'reminders';

/**
 * messagesettings (config:read; changes need config:write): what each message says (templates per
 * kind × channel, with the variables and a live preview) and when reminders go (per scheduler).
 */
export function MessageSettingsScreen() {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const access = useStaffAccess();
  const [panel, setPanel] = useState<Panel>('templates');
  const canWrite = access.can('config:write');

  return (
    <AdminPage
      title={t`Message settings`}
      description={t`What confirmations, reminders and notices say, and when reminders are sent.`}
      actions={
        access.can('patients:read') ? (
          <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'messages')}>
            <Trans>Sent messages</Trans>
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={panel}
          onChange={(_event, next: Panel) => setPanel(next)}
          aria-label={t`Message settings`}
        >
          <Tab
            value="templates"
            label={t`Templates`}
            id="message-tab-templates"
            aria-controls="message-panel-templates"
          />
          <Tab
            value="reminders"
            label={t`Reminders`}
            id="message-tab-reminders"
            aria-controls="message-panel-reminders"
          />
        </Tabs>
      </Box>
      <div
        role="tabpanel"
        id="message-panel-templates"
        aria-labelledby="message-tab-templates"
        hidden={panel !== 'templates'}
      >
        {panel === 'templates' ? <TemplatesPanel clientId={clientId} canWrite={canWrite} /> : null}
      </div>
      <div
        role="tabpanel"
        id="message-panel-reminders"
        aria-labelledby="message-tab-reminders"
        hidden={panel !== 'reminders'}
      >
        {panel === 'reminders' ? (
          <ReminderRulesEditor clientId={clientId} ruleId={ruleId} canWrite={canWrite} />
        ) : null}
      </div>
    </AdminPage>
  );
}
