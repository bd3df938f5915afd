/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Path segment of the admin login screen (default 'adminlogin'). */
  readonly VITE_ADMIN_LOGIN?: string;
  /** Base URL of the scheduler API (default '/api/scheduler'). */
  readonly VITE_SCHEDULER_API_URL?: string;
  /** Base URL of the config/auth API (default '/api/config'). */
  readonly VITE_CONFIG_API_URL?: string;
  /** Base URL of the patient management API (default '/api/patient-management'). */
  readonly VITE_PATIENT_MANAGEMENT_API_URL?: string;
  /** URL of the analytics tracking log endpoint (default '/api/track'). */
  readonly VITE_TRACK_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
