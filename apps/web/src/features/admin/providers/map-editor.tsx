import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { configKeys } from '../shared/api/config-keys';
import { ChecklistField, type ChecklistOption } from '../shared/components/checklist-field';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { useAdminParams } from '../shared/use-admin-params';

/**
 * After a map changes, the provider (its locations, services, plans) and the lists are stale.
 * Each editor sends the version of its set from the provider's detail (read before the set); a
 * stale one answers 409, shown in the form with a Reload that reads the provider again.
 */
function useRefreshProvider(providerId: string) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: configKeys.provider(clientId, providerId) }),
      queryClient.invalidateQueries({ queryKey: configKeys.providerMaps(clientId, providerId) }),
      queryClient.invalidateQueries({ queryKey: configKeys.providers(clientId) }),
    ]);
}

/**
 * What the provider's map editors share: the choices read for the provider (`fetchMap`), the save
 * of the chosen set (`assign`, then the provider is read again) and the Reload after a conflict.
 */
export function useMapEditor<Choices, Value>(options: {
  provider: ProviderDetail;
  kind: 'locations' | 'services' | 'plans';
  fetchMap: (clientId: string, providerId: string, signal: AbortSignal) => Promise<Choices>;
  assign: (clientId: string, value: Value) => Promise<unknown>;
  savedMessage: string;
}) {
  const { clientId } = useAdminParams();
  const { provider, kind, fetchMap, assign, savedMessage } = options;
  const refresh = useRefreshProvider(provider.providerId);
  const map = useQuery({
    queryKey: [...configKeys.providerMaps(clientId, provider.providerId), kind],
    queryFn: ({ signal }) => fetchMap(clientId, provider.providerId, signal),
  });
  const save = useMutation({
    mutationFn: (value: Value) => assign(clientId, value),
    onSuccess: async () => {
      await refresh();
      notifySaved(savedMessage);
    },
  });
  const reload = () => {
    save.reset();
    void refresh();
  };
  return { map, save, reload };
}

/** The editor's value, reset to `current` whenever the provider is read again. */
export function useSyncedValue<T>(current: T) {
  const [value, setValue] = useState<T>(current);
  useEffect(() => setValue(current), [current]);
  return [value, setValue] as const;
}

/** While the choices load or fail to: what to show instead of the editor (null once they are here). */
export function mapPlaceholder(map: UseQueryResult<unknown>, loadingLabel: string, what: string): ReactNode {
  if (map.isPending) return <LoadingBlock label={loadingLabel} />;
  if (map.isError) return <ErrorBlock error={map.error} what={what} onRetry={() => void map.refetch()} />;
  return null;
}

export interface MapEditorFormProps {
  label: string;
  noValidate?: boolean;
  onSubmit: () => void;
  saveError: unknown;
  onReload: () => void;
  submitLabel: string;
  submitDisabled: boolean;
  children: ReactNode;
}

/** The form of a map editor: its fields, the save error (Reload after a conflict) and the save button. */
export function MapEditorForm(props: MapEditorFormProps) {
  return (
    <Box
      component="form"
      aria-label={props.label}
      noValidate={props.noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <SaveErrorAlert error={props.saveError} onReload={props.onReload} />
      <Button type="submit" variant="contained" disabled={props.submitDisabled} sx={{ mt: 1 }}>
        {props.submitLabel}
      </Button>
    </Box>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

export interface ChecklistMapEditorProps {
  /** The form's accessible name. */
  label: string;
  legend: string;
  helperText: string;
  submitLabel: string;
  options: readonly ChecklistOption[];
  /** The ids the provider has now. */
  current: string[];
  save: { mutate: (ids: string[]) => void; isPending: boolean; error: unknown };
  onReload: () => void;
}

/** A map edited as a checklist (locations, insurance plans): saved when it differs from the provider's. */
export function ChecklistMapEditor({ current, save, ...props }: ChecklistMapEditorProps) {
  const [value, setValue] = useSyncedValue(current);
  return (
    <MapEditorForm
      label={props.label}
      onSubmit={() => save.mutate(value)}
      saveError={save.error}
      onReload={props.onReload}
      submitLabel={props.submitLabel}
      submitDisabled={save.isPending || sameSet(value, current)}
    >
      <ChecklistField
        legend={props.legend}
        options={props.options}
        value={value}
        onChange={setValue}
        helperText={props.helperText}
      />
    </MapEditorForm>
  );
}
