/**
 * A redis:// address as it may be printed or logged: any password replaced by `mask` (`***` in
 * messages; a placeholder to fill in, such as `PASSWORD`, in a command to copy).
 */
export function shownAddress(url: string, mask = '***'): string {
  const address = new URL(url);
  if (address.password !== '') address.password = mask;
  return address.toString();
}
