import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { staffText } from '../contract-texts';

/**
 * Material inputs bound to react-hook-form. Errors show under the field (aria-describedby via
 * the helper text), and every field has a visible label.
 */

/** A field's error in the active language (a contract's validation message is English: contract-texts.ts). */
const staffMessage = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : staffText(message);

interface BaseFieldProps<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  helperText?: ReactNode;
}

export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  maxLength,
  min,
  max,
  ...props
}: BaseFieldProps<T, TOut> &
  Omit<TextFieldProps, 'name' | 'label' | 'helperText' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
    maxLength?: number;
    min?: number;
    max?: number;
  }) {
  const { t } = useLingui();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value: unknown = field.value;
        const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        const length = text.length;
        const counter =
          maxLength !== undefined && props.multiline ? t`${length}/${maxLength} characters` : undefined;
        const hint = staffMessage(fieldState.error?.message) ?? helperText;
        return (
          <TextField
            {...props}
            name={field.name}
            inputRef={field.ref}
            value={text}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            label={label}
            error={fieldState.invalid}
            helperText={
              hint || counter ? (
                <>
                  {hint}
                  {hint && counter ? ' · ' : null}
                  {counter}
                </>
              ) : undefined
            }
            slotProps={{
              ...props.slotProps,
              htmlInput: { maxLength, min, max, ...(props.slotProps?.htmlInput as object | undefined) },
            }}
          />
        );
      }}
    />
  );
}

export function FormSwitch<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
}: BaseFieldProps<T, TOut>) {
  const helperId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={fieldState.invalid} component="div">
          <FormControlLabel
            label={label}
            control={
              <Switch
                name={field.name}
                checked={field.value === true}
                onChange={(_event, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    ...(helperText || fieldState.error ? { 'aria-describedby': helperId } : {}),
                  },
                }}
              />
            }
          />
          {helperText || fieldState.error ? (
            <FormHelperText id={helperId} sx={{ mt: -0.5 }}>
              {staffMessage(fieldState.error?.message) ?? helperText}
            </FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function FormSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  options,
  ...props
}: BaseFieldProps<T, TOut> & { options: readonly SelectOption[] } & Pick<
    TextFieldProps,
    'fullWidth' | 'size' | 'sx' | 'required' | 'disabled'
  >) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          label={label}
          error={fieldState.invalid}
          helperText={staffMessage(fieldState.error?.message) ?? helperText}
        >
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
