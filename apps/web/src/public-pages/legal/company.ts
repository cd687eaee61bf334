/**
 * The operator's details for the imprint, the privacy notice and the PDFs. Kept in one place because they are
 * legal data: replace them with the registered company's entries before going live.
 */
export const company = {
  name: 'Praxia GmbH',
  street: 'Schönhauser Allee 10',
  postalCode: '10119',
  city: 'Berlin',
  phone: '+49 30 120 456 70',
  email: 'kontakt@praxia.de',
  managingDirector: 'Dr. Katharina Sommer',
  registerCourt: 'Amtsgericht Charlottenburg (Berlin)',
  registerNumber: 'HRB 245871 B',
  vatId: 'DE325847169',
  dataProtectionOfficer: { name: 'Dr. Felix Brandt', email: 'datenschutz@praxia.de' },
  supervisoryAuthority: {
    name: 'Berliner Beauftragte für Datenschutz und Informationsfreiheit',
    address: 'Alt-Moabit 59–61, 10555 Berlin',
    url: 'https://www.datenschutz-berlin.de',
  },
} as const;

export const ODR_URL = 'https://ec.europa.eu/consumers/odr';
