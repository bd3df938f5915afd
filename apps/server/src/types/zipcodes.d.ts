// Types for the `zipcodes` package (offline US/Canada postal code dataset), which ships none.
declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCodeInfo | undefined;
  /** Great-circle distance in miles between two postal codes, or null when one is unknown. */
  export function distance(zipA: string | number, zipB: string | number): number | null;
  const zipcodes: {
    lookup: typeof lookup;
    distance: typeof distance;
  };
  export default zipcodes;
}
