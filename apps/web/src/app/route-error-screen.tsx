import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ScreenLoadError } from './lazy-screen';

export type ErrorArea = 'root' | 'booking' | 'admin';

const TEXT: Record<ErrorArea, { title: MessageDescriptor; body: MessageDescriptor }> = {
  root: {
    title: msg`Something went wrong`,
    body: msg`This page could not be shown. Please reload the page to try again.`,
  },
  booking: {
    title: msg`We could not show this booking page`,
    body: msg`Please reload the page to try again. If the problem continues, please call our office to schedule your appointment.`,
  },
  admin: {
    title: msg`This admin screen could not be shown`,
    body: msg`Please reload the page to try again. If the problem continues, contact your administrator.`,
  },
};

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'unknown error';
}

/** Error fallback of the root, booking and admin shells. Shows no internal detail to the user. */
export function RouteErrorScreen({ area, error }: { area: ErrorArea; error: unknown }) {
  useEffect(() => {
    console.error(`[route] ${area} error: ${describe(error)}`);
  }, [area, error]);

  const { i18n } = useLingui();
  const slow = error instanceof ScreenLoadError;
  const title = i18n._(TEXT[area].title);
  return (
    <main className="error-screen">
      <title>{title}</title>
      {/* Plain elements styled by the app's static stylesheet: the error screen stays in the first chunk and small. */}
      <h1 className="h4">{title}</h1>
      <p className="body1">
        {slow
          ? i18n._(msg`The page took too long to load. Please check your connection and reload the page.`)
          : i18n._(TEXT[area].body)}
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        <Trans>Reload page</Trans>
      </button>
    </main>
  );
}

interface BoundaryProps {
  area: ErrorArea;
  /** The URL shown: a navigation elsewhere clears the error (as a data router's error element does). */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  locationKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    // reported by RouteErrorScreen (without internal detail on screen)
  }

  override render(): ReactNode {
    return this.state.error === undefined ? (
      this.props.children
    ) : (
      <RouteErrorScreen area={this.props.area} error={this.state.error} />
    );
  }
}

/**
 * The error fallback of a route subtree (root, booking, admin): catches a screen that fails to
 * render or to load (ScreenLoadError). A React error boundary rather than the router's
 * `errorElement`, so the app can use the declarative router (no data router in the first chunk).
 */
export function RouteErrorBoundary({ area, children }: { area: ErrorArea; children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundary area={area} locationKey={`${location.pathname}${location.search}`}>
      {children}
    </ErrorBoundary>
  );
}
