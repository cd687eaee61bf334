import { LegalSection } from './legal-page';

/** Source notices the bundled data sets require (shared/data/SOURCES.md). */
export function DataAttributions() {
  return (
    <LegalSection title="Datenquellen und Lizenzhinweise">
      <p data-testid="attribution-geonames">
        Postleitzahl-Koordinaten: GeoNames (
        <a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">
          geonames.org
        </a>
        ),{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          CC BY 4.0
        </a>
        , via{' '}
        <a href="https://github.com/zauberware/postal-codes-json-xml-csv" target="_blank" rel="noopener noreferrer">
          zauberware/postal-codes-json-xml-csv
        </a>
        .
      </p>
      <p data-testid="attribution-icd10">
        Die Erstellung erfolgt unter Verwendung der maschinenlesbaren Fassung der ICD-10-GM des Bundesinstituts für
        Arzneimittel und Medizinprodukte (BfArM).
      </p>
      <p data-testid="attribution-goae">
        Gebührenordnung für Ärzte (GOÄ): amtliches Werk (§ 5 Abs. 1 UrhG), Textfassung aus dem Projekt{' '}
        <a href="https://github.com/bundestag/gesetze" target="_blank" rel="noopener noreferrer">
          bundestag/gesetze
        </a>
        . Die Euro-Beträge sind aus Punktzahl und Punktwert berechnet und nicht amtlich.
      </p>
    </LegalSection>
  );
}
