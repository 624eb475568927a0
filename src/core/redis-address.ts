/** A redis:// address as it may be printed or logged: any password replaced by `***`. */
export function shownAddress(url: string): string {
  const address = new URL(url);
  if (address.password !== '') address.password = '***';
  return address.toString();
}
