/*
 * The routes that answer without a staff session, each with the reason it may. Every other route
 * must carry a guard (`authenticate` or `requireStaff`, request-guard.ts): the route-table tests
 * fail for a route that has neither, and for an entry here that no longer matches a route.
 *
 * Adding a public route is a security decision: add it here, with its reason, in the same change.
 */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  // Infrastructure
  'GET /api/health': 'liveness and database check for the load balancer',
  'GET /api/docs': 'the browsable API reference (no data)',
  // @fastify/swagger-ui answers HEAD on the prefix with a trailing slash (its GET is /api/docs).
  'HEAD /api/docs/': 'the browsable API reference (no data)',
  'GET /api/docs/json': 'the OpenAPI document (no data)',
  'GET /api/docs/yaml': 'the OpenAPI document as YAML (no data)',
  'GET /api/docs/static/index.html': 'the API reference page (no data)',
  'GET /api/docs/static/swagger-initializer.js': 'the API reference page script (no data)',
  'GET /api/docs/static/*': 'the API reference static files (no data)',
  'GET /embed.js': 'the widget loader that practices include on their own sites',
  'GET /*': 'the built web app (static files), when apps/web/dist exists',
  'GET /api/avatars/:clientSlug/:providerId.svg':
    'generated initials of a published provider of the brand named (no patient data; 404 otherwise)',

  // Sign-in: anonymous by nature; rate limited and Origin-checked (decision 006)
  'POST /api/config/login': 'staff sign-in',
  'POST /api/scheduler/adminLogin': 'staff sign-in (spec alias)',
  'POST /api/config/login/two-factor': "a sign-in's TOTP step (single-use challenge from the password step)",
  'POST /api/config/login/password-change': "a sign-in's forced new password (single-use challenge)",
  // Staff account links (issue 15): the token (256 random bits, stored hashed) is the credential
  'POST /api/config/invitations/lookup': "what an invitation link is for (the link's holder)",
  'POST /api/config/invitations/accept':
    'accepting an invitation: a new account, or signed in (then CSRF-checked)',
  'POST /api/config/password/forgot': 'asking for a reset link; the same answer for every address',
  'POST /api/config/password/reset': 'choosing a new password with a reset link',

  // The anonymous booking flow (decision 007): practice configuration, slot search, lookups
  'GET /api/scheduler/getConfig': "the scheduler's public settings",
  'GET /api/scheduler/getLocation': 'locations of a scheduler',
  'GET /api/scheduler/getServiceType': 'services of a scheduler',
  'GET /api/scheduler/getStates': 'US states list',
  'GET /api/scheduler/getProviders': 'slot search',
  'GET /api/scheduler/getInsurance': 'insurance carriers and plans',
  'GET /api/scheduler/getInsuranceType': 'insurance types',
  'GET /api/scheduler/insurance/topInsurancePackage': 'the most chosen plans',
  'GET /api/scheduler/insurance/getRelationshipToPatient': 'relationship choices',
  'POST /api/scheduler/insuranceValidation': 'is a plan in network with a provider',
  'POST /api/scheduler/insurance/postInsurance':
    "checks the patient's own insurance answer for this booking and echoes it normalized; stores nothing",
  'POST /api/scheduler/createPatients': "the patient's own lookup; answers only existing/refusal",
  'POST /api/scheduler/createWaitList': "the patient's own waitlist request",
  'PUT /api/scheduler/bookAppointment': "the patient's own booking (idempotent)",
  // Issue 18 (H): the manage link; its token (X-Manage-Token header, 128-bit nonce, stored hashed) is the credential
  'GET /api/scheduler/manage': "the appointment of the patient's own manage link (changes nothing)",
  'POST /api/scheduler/manage/cancel': 'the patient cancels through their manage link (server-side cut-off)',
  'POST /api/scheduler/manage/reschedule': 'the patient moves their appointment through their manage link',
  // Issue 18 (J): waitlist offers; the claim token (X-Claim-Token header, 128-bit nonce, stored hashed) is the credential
  'GET /api/scheduler/waitlistOffer': 'the waitlist offer of the holder of its claim link (changes nothing)',
  'POST /api/scheduler/claimWaitlistOffer': 'claiming a waitlist offer through its single-use claim link',
  // Issue 20: a provider's calendar feed; its token (256-bit HMAC of a 128-bit nonce, stored hashed, rotatable) is the credential
  'GET /api/calendar/:token.ics':
    "a provider's appointment times and places as ICS (no patient data); 404 for an unknown or rotated token",
  // Issue 20: the public FHIR R4 read API of a published brand (no patient data; 404 when unpublished)
  'GET /fhir/:clientName/metadata': "the brand's FHIR CapabilityStatement (what the endpoint supports)",
  'GET /fhir/:clientName/:resourceType':
    'search of published locations, practitioners, services, schedules and free slots (no patient data)',
  'GET /fhir/:clientName/:resourceType/:id':
    'one published catalogue resource or free slot (no patient data)',
  // Issue 20: the SMART Scheduling Links publisher (public by design, no patient data)
  'GET /fhir/:clientName/$bulk-publish': "the brand's SMART Scheduling Links manifest",
  'GET /fhir/:clientName/bulk/:file':
    'one NDJSON file of the manifest (locations, roles, services, schedules, free slots; no patient data)',
  // Issue 20: trusted partners; the credential is the client secret (token) or the Bearer token it gave (401 without)
  'POST /fhir/:clientName/auth/token':
    "OAuth 2.0 client credentials: a partner's secret for a 15-minute Bearer token (401 for a wrong or revoked one)",
  'POST /fhir/:clientName/Appointment/$hold':
    'a partner holds a free slot for 5 minutes (Bearer token of a partner of the brand; 401 without)',
  'POST /fhir/:clientName/Appointment/$book':
    'a partner books a slot for a patient (Bearer token of a partner of the brand; 401 without)',
  // Issue 20: the booking page's deep link to a published slot (changes nothing)
  'GET /api/scheduler/slotLink':
    'the service, location, provider and time of a published slot id, and whether it is free',
  'GET /fhir': 'unknown FHIR path: a 404 OperationOutcome',
  'POST /fhir': 'unknown FHIR path: a 404 OperationOutcome',
  'PUT /fhir': 'unknown FHIR path: a 404 OperationOutcome',
  'PATCH /fhir': 'unknown FHIR path: a 404 OperationOutcome',
  'DELETE /fhir': 'unknown FHIR path: a 404 OperationOutcome',
  'GET /fhir/*': 'unknown FHIR path: a 404 OperationOutcome',
  'POST /fhir/*': 'unknown FHIR path: a 404 OperationOutcome',
  'PUT /fhir/*': 'unknown FHIR path: a 404 OperationOutcome',
  'PATCH /fhir/*': 'unknown FHIR path: a 404 OperationOutcome',
  'DELETE /fhir/*': 'unknown FHIR path: a 404 OperationOutcome',

  // Analytics of the booking flow
  'POST /api/scheduler/updateUserSession': 'analytics event of the booking flow',
  'POST /api/track': 'tracking log line of the booking flow',

  // Twilio's webhooks (issue 17): no session, but X-Twilio-Signature (TWILIO_AUTH_TOKEN) checked first, 403 otherwise
  'POST /api/messages/twilio/status': "Twilio's delivery status of an SMS we sent (signed by Twilio)",
  'POST /api/messages/twilio/inbound':
    "a patient's SMS reply: C/Y confirm, STOP/START/HELP (signed by Twilio)",
};

/**
 * Public routes that still need a signature header from the calling service (403 without a valid
 * one, for everyone), by route key → header. Their samples are signed (message-overrides.ts);
 * authz-cli.ts calls each both without the header (403) and with it (allowed).
 */
export const SIGNED_PUBLIC_ROUTES: ReadonlyMap<string, string> = new Map([
  ['POST /api/messages/twilio/status', 'x-twilio-signature'],
  ['POST /api/messages/twilio/inbound', 'x-twilio-signature'],
]);

/**
 * Public routes (no staff session) that need a partner's Bearer access token of the brand named in
 * the path (issue 20: from POST /fhir/{clientName}/auth/token): 401 OperationOutcome with
 * `WWW-Authenticate: Bearer` without one, with a staff session's token, another brand's partner
 * token or a revoked partner's. Their samples carry a live token (open-availability-overrides.ts);
 * route-guards.test.ts checks the refusals and that the sample itself succeeds, authz-cli.ts calls
 * each without the token too (401 for everyone).
 */
export const BEARER_PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /fhir/:clientName/Appointment/$hold',
  'POST /fhir/:clientName/Appointment/$book',
]);

/**
 * The public routes under /api/config/ besides sign-in: the steps of a sign-in and the staff
 * account links (issue 15), whose single-use token is the credential.
 */
export const PUBLIC_ACCOUNT_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/config/login/two-factor',
  'POST /api/config/login/password-change',
  'POST /api/config/invitations/lookup',
  'POST /api/config/invitations/accept',
  'POST /api/config/password/forgot',
  'POST /api/config/password/reset',
]);
