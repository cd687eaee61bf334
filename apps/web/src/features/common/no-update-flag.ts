/** `?noupdate` or `noupdate=1` (tests, kiosk screens) hides the update notice; '0' and 'false' do not. */
export function hasNoUpdateFlag(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has('noupdate')) return false;
  const value = params.get('noupdate');
  return value !== '0' && value !== 'false';
}
