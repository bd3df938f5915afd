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
 * the group and announced. Native inputs and the app's
 * static stylesheet: no Material UI in the landing page's first script.
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
    <fieldset
      ref={groupRef}
      aria-describedby={describedByIds}
      aria-invalid={error ? true : undefined}
      className="choice-group"
    >
      <legend className="choice-group__legend">{legend}</legend>
      <div className="choice-group__options">
        {options.map((option) => {
          const inputId = `${id}-${option.value}`;
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              htmlFor={inputId}
              className={checked ? 'choice choice--checked' : 'choice'}
            >
              <input
                type="radio"
                id={inputId}
                name={id}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="choice__input"
              />
              <span className="choice__text">
                <span className="choice__label">{option.label}</span>
                {option.description ? (
                  <span className="choice__description">{option.description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
