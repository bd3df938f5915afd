import Box from '@mui/material/Box';
import type { ReactNode, Ref } from 'react';

export interface ChoiceOption {
  value: string;
  label: string;
  description?: ReactNode;
}

export interface ChoiceGroupProps {
  id: string;
  legend: string;
  options: ChoiceOption[];
  value: string | null;
  onChange: (value: string) => void;
  error?: string | null;
  /** Ids of elements describing the group (e.g. a message about the choice). */
  describedBy?: string | undefined;
  groupRef?: Ref<HTMLFieldSetElement>;
}

/**
 * A required single choice: a fieldset of native radio buttons shown as cards, its error tied to
 * the group and announced. Native inputs keep the landing page's first script small.
 */
export function ChoiceGroup({
  id,
  legend,
  options,
  value,
  onChange,
  error,
  describedBy,
  groupRef,
}: ChoiceGroupProps) {
  const errorId = `${id}-error`;
  const describedByIds = [error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <Box
      component="fieldset"
      ref={groupRef}
      aria-describedby={describedByIds}
      aria-invalid={error ? true : undefined}
      sx={{ border: 0, m: 0, mb: 3, p: 0, minWidth: 0 }}
    >
      <Box component="legend" sx={{ fontWeight: 600, fontSize: '1.05rem', mb: 1, p: 0 }}>
        {legend}
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          const checked = option.value === value;
          return (
            <Box
              component="label"
              key={option.value}
              htmlFor={inputId}
              sx={{
                display: 'flex',
                alignItems: 'flex-start',
                gap: 1.5,
                p: 1.5,
                border: '1px solid',
                borderColor: checked ? 'primary.main' : 'divider',
                boxShadow: (theme) => (checked ? `inset 0 0 0 1px ${theme.palette.primary.main}` : 'none'),
                borderRadius: 1,
                cursor: 'pointer',
                '&:hover': { borderColor: 'primary.main' },
                '&:has(input:focus-visible)': {
                  outline: '3px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Box
                component="input"
                type="radio"
                id={inputId}
                name={id}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                sx={{
                  m: 0,
                  mt: 0.25,
                  width: 20,
                  height: 20,
                  flex: 'none',
                  accentColor: (theme) => theme.palette.primary.main,
                }}
              />
              <Box component="span" sx={{ minWidth: 0 }}>
                <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {option.label}
                </Box>
                {option.description ? (
                  <Box
                    component="span"
                    sx={{ display: 'block', fontSize: '0.9rem', color: 'text.secondary' }}
                  >
                    {option.description}
                  </Box>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
      {error ? (
        <Box
          component="p"
          id={errorId}
          role="alert"
          sx={{ m: 0, mt: 1, color: 'error.main', fontWeight: 600 }}
        >
          {error}
        </Box>
      ) : null}
    </Box>
  );
}
