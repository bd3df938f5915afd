/** Centred 'Loading...' shown while a screen or the stored state loads (styles: app/base.css). */
export function LoadingScreen() {
  return (
    <main className="loading-screen" aria-busy="true">
      <div role="status" aria-live="polite" className="body1">
        Loading...
      </div>
    </main>
  );
}
