import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  previewTemplate,
  templateKeys,
  type TemplateDraft,
  type TemplateKey,
  type TemplateLanguage,
} from './templates-api';

export const PREVIEW_DEBOUNCE_MS = 400;

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The live preview of a draft: rendered by the server (the same engine that sends) with the
 * variables' sample values, once typing pauses; the last good preview stays while the next loads.
 */
export function useTemplatePreview(
  clientId: string,
  key: TemplateKey,
  language: TemplateLanguage,
  draft: TemplateDraft,
) {
  const settledDraft = useDebounced(draft, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: templateKeys.preview(clientId, key, language, settledDraft),
    queryFn: ({ signal }) => previewTemplate(clientId, key, language, settledDraft, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
  return { preview, pending: settledDraft !== draft || preview.isFetching };
}
