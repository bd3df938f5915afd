/** Issue 19 "Search" (migration 019): the staff patient search's tokens. */

/**
 * One search token of a patient (@scheduler/domain/patient-search: `n:` + folded name parts and
 * e-mail local part, `p:` + phone digits and their last 7 and 4). Primary key (client_id, token,
 * patient_id) with the patient's names as INCLUDE columns (PostgreSQL; SQLite's WITHOUT ROWID table
 * keeps them in the key's leaf); `token` compares in code point order (COLLATE "C" on PostgreSQL).
 * Written in the transaction of every write of the patient's name, e-mail or phone.
 */
export interface PatientSearchTokensTable {
  client_id: number;
  token: string;
  patient_id: number;
  /** The patient's names as stored on the patient (the list's name order without reading it). */
  last_name: string;
  first_name: string;
}
