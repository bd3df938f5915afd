/** No page at this address (plain elements styled by the app's static stylesheet). */
export function NotFoundScreen() {
  return (
    <main className="error-screen">
      <title>Page not found</title>
      <h1 className="h4">Page not found</h1>
      <p className="body1">
        There is no page at this address. Check the link you were given, or call our office to schedule your
        appointment.
      </p>
    </main>
  );
}
