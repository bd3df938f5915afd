import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';

export interface ChecklistOption {
  id: string;
  label: string;
  /** Options with a group are listed under its heading. */
  group?: string;
}

export interface ChecklistFieldProps {
  legend: string;
  options: readonly ChecklistOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  helperText?: string;
  /** Shows a filter box above long lists. */
  filterable?: boolean;
  disabled?: boolean;
  columns?: number;
}

/** A labelled set of checkboxes (a fieldset) choosing ids among options, with a filter for long lists. */
export function ChecklistField({
  legend,
  options,
  value,
  onChange,
  helperText,
  filterable = options.length > 12,
  disabled,
  columns = 2,
}: ChecklistFieldProps) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const chosen = value.length;
  const total = options.length;
  const filterLabel = legend.toLowerCase();
  const selected = useMemo(() => new Set(value), [value]);
  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle
      ? options.filter((option) => `${option.group ?? ''} ${option.label}`.toLowerCase().includes(needle))
      : options;
  }, [filter, options]);
  const groups = [...new Set(visible.map((option) => option.group ?? ''))];

  const toggle = (id: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(options.map((option) => option.id).filter((optionId) => next.has(optionId)));
  };

  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        <Trans>
          {legend} ({chosen} of {total} chosen)
        </Trans>
      </FormLabel>
      {helperText ? <FormHelperText sx={{ mx: 0, mt: -0.5, mb: 1 }}>{helperText}</FormHelperText> : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {filterable ? (
          <TextField
            size="small"
            type="search"
            label={t`Filter ${filterLabel}`}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        ) : null}
        <Button size="small" onClick={() => onChange(options.map((option) => option.id))} disabled={disabled}>
          <Trans>Select all</Trans>
        </Button>
        <Button size="small" onClick={() => onChange([])} disabled={disabled}>
          <Trans>Clear</Trans>
        </Button>
      </Box>
      {options.length === 0 ? (
        <Typography color="text.secondary">
          <Trans>Nothing to choose from yet.</Trans>
        </Typography>
      ) : null}
      {groups.map((group) => (
        <Box key={group || 'all'} sx={{ mb: 1 }}>
          {group ? (
            <Typography component="p" variant="subtitle2" sx={{ mt: 1 }}>
              {group}
            </Typography>
          ) : null}
          <FormGroup
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, minmax(0, 1fr))` },
            }}
          >
            {visible
              .filter((option) => (option.group ?? '') === group)
              .map((option) => (
                <FormControlLabel
                  key={option.id}
                  label={option.label}
                  control={
                    <Checkbox
                      checked={selected.has(option.id)}
                      onChange={(_event, checked) => toggle(option.id, checked)}
                    />
                  }
                />
              ))}
          </FormGroup>
        </Box>
      ))}
    </FormControl>
  );
}
