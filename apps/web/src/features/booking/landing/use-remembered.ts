/**
 * What returning-patient.tsx (is anyone remembered?) and returning-patient-card.tsx (who?) both
 * read: the value the practice's "remember me" slot gives, re-read when someone is remembered or
 * forgotten in this tab, and only where the practice offers "remember me" (inside a framed widget
 * only when it allows it). Kept free of zod and Material UI: the landing loads it (issue 16).
 */
import { useEffect, useState } from 'react';
import { useEmbed } from '../../../lib/embed-context';
import { useSchedulerConfig } from '../api/get-config';
import { useBookingScope } from '../api/scope';
import { onRememberedChange, rememberMeOffered } from '../lib/remembered-storage';

/** `read(clientName)` while "remember me" is offered for this practice, else `empty`. */
export function useRemembered<T>(read: (clientName: string) => Promise<T>, empty: T): T {
  const scope = useBookingScope();
  const config = useSchedulerConfig(scope);
  const embedded = useEmbed() !== null;
  const offered =
    config.data !== undefined && rememberMeOffered(embedded, config.data.settings.rememberMeInWidget);
  const clientName = scope.clientName;
  const [value, setValue] = useState<T>(empty);
  useEffect(() => {
    if (!offered) {
      setValue(empty);
      return;
    }
    let live = true;
    const load = () => {
      void read(clientName).then((next) => {
        if (live) setValue(next);
      });
    };
    load();
    const stop = onRememberedChange(load);
    return () => {
      live = false;
      stop();
    };
    // `read` and `empty` are a module's function and a constant (null/false) at both call sites.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientName, offered]);
  return value;
}
