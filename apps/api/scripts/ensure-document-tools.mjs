// The invoice document tests read the PDFs back with Debian's tools: pdftotext (poppler-utils), zbarimg (zbar-tools),
// LibreOffice headless for the .docx, and Saxon-HE for the e-invoices' business rules. Install them when running as
// root, otherwise say exactly what is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A file of each tool the tests call, with the Debian 12 package that provides it. */
const TOOLS = [
  { file: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { file: '/usr/bin/zbarimg', pkg: 'zbar-tools' },
  { file: '/usr/bin/soffice', pkg: 'libreoffice-writer-nogui' },
  // The Word file asks for Arial; LibreOffice prints it with Liberation Sans (same metrics), installed without
  // recommended packages only when named.
  { file: '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf', pkg: 'fonts-liberation' },
  // The e-invoices are checked against the EN 16931 business rules, an XSLT 2.0 program run by Saxon-HE on Java.
  { file: '/usr/share/java/Saxon-HE.jar', pkg: 'libsaxonhe-java' },
  { file: '/usr/bin/java', pkg: 'default-jre-headless' },
];

const missing = TOOLS.filter((tool) => !existsSync(tool.file)).map((tool) => tool.pkg);
if (missing.length > 0) {
  const packages = missing.join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Document test tools are missing; installing ${packages} with apt-get …`);
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${packages}`,
      { stdio: 'inherit' },
    );
  } else {
    console.error(`The invoice document tests need ${packages}. Install them with:  sudo apt-get install ${packages}`);
    process.exit(1);
  }
}
