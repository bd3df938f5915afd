/** A Yes/No cell that does not rely on colour alone. */
export function YesNo({ value }: { value: boolean }) {
  return <span>{value ? 'Yes' : 'No'}</span>;
}
