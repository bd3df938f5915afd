import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
};

export type FormTextFieldProps<T extends FieldValues> = FieldProps<T> &
  Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
    autoComplete?: string;
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
    maxLength?: number;
    /** Latest value of a date field ('YYYY-MM-DD'). */
    max?: string;
  };

/**
 * A labelled text field bound to react-hook-form: its error shows under it, is tied to the input
 * (aria-describedby, aria-invalid) and the input takes the focus when the form is submitted invalid.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  autoComplete,
  inputMode,
  maxLength,
  max,
  id,
  ...rest
}: FormTextFieldProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...rest}
      id={id ?? `field-${name}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ?? helperText}
      fullWidth
      slotProps={{
        ...rest.slotProps,
        htmlInput: { autoComplete, inputMode, maxLength, max },
      }}
    />
  );
}

export type FormCheckboxProps<T extends FieldValues> = FieldProps<T> & {
  label: ReactNode;
  helperText?: string;
};

/** A checkbox bound to react-hook-form, with its error under it (announced, and linked to the box). */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: FormCheckboxProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const message = fieldState.error?.message;
  const describedBy = `field-${name}-help`;
  return (
    <Box sx={{ mb: 1 }}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0 }}
        control={
          <Checkbox
            id={`field-${name}`}
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            sx={{ mt: -0.75 }}
            slotProps={{
              input: {
                ref: field.ref,
                'aria-invalid': message ? true : undefined,
                'aria-describedby': message || helperText ? describedBy : undefined,
              } as React.InputHTMLAttributes<HTMLInputElement>,
            }}
          />
        }
        label={label}
      />
      {message || helperText ? (
        <FormHelperText id={describedBy} error={Boolean(message)} sx={{ ml: 4.5, mt: 0 }}>
          {message ?? helperText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
