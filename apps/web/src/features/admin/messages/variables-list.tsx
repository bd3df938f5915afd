import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MessageVariable } from '@scheduler/contract/admin/message-templates';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';

/** The text a variable is written as in a template. */
export const variableTag = (name: string) => `{{ ${name} }}`;

export interface VariablesListProps {
  variables: readonly MessageVariable[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Inserts the variable at the cursor of the last field edited (absent: read-only). */
  onInsert?: ((name: string) => void) | undefined;
}

/** The variables a template may use, with their meaning and sample; each can be inserted. */
export function VariablesList({ variables, error, onRetry, onInsert }: VariablesListProps) {
  const { t } = useLingui();
  const ifExample = '{% if name %}…{% endif %}';
  const sampleOf = (sample: string) => {
    const shown = sample || t`(empty)`;
    return t`Sample: ${shown}`;
  };
  return (
    <Paper component="section" variant="outlined" aria-labelledby="template-variables-title" sx={{ p: 2 }}>
      <Typography id="template-variables-title" variant="subtitle1" component="h3">
        <Trans>Variables</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        <Trans>Write a variable as shown; optional ones may be empty, so wrap them in {ifExample}.</Trans>
      </Typography>
      {error ? <ErrorBlock error={error} what={t`the variables`} onRetry={onRetry} /> : null}
      {variables === undefined && !error ? <LoadingBlock label={t`Loading the variables…`} /> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {variables?.map((variable) => (
          <Box component="li" key={variable.name} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Box component="code" sx={{ fontSize: '0.85rem', flexGrow: 1 }}>
                {variableTag(variable.name)}
              </Box>
              {onInsert ? (
                <Button
                  size="small"
                  onClick={() => onInsert(variable.name)}
                  aria-label={t`Insert ${variable.label}`}
                >
                  <Trans>Insert</Trans>
                </Button>
              ) : null}
            </Box>
            <Typography variant="body2">
              {variable.label}
              {variable.optional ? ` ${t`(optional)`}` : ''}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {variable.description} {sampleOf(variable.sample)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
