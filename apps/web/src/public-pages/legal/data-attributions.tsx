import { POSTAL_CODE_ATTRIBUTION } from '@praxia/shared/constants';
import { useEffect, useState } from 'react';
import { LegalSection } from './legal-page';

/** The profile map's tile attribution comes from the server's configuration (MAP_TILE_ATTRIBUTION). */
function useMapAttribution(): string | null {
  const [attribution, setAttribution] = useState<string | null>(null);
  useEffect(() => {
    void fetch('/api/common/map-settings', { credentials: 'omit' })
      .then((response) => (response.ok ? (response.json() as Promise<{ attribution: string }>) : null))
      .then((settings) => setAttribution(settings?.attribution ?? null))
      .catch(() => setAttribution(null));
  }, []);
  return attribution;
}

/** Source notices the bundled data sets and the map tiles require (shared/data/SOURCES.md). */
export function DataAttributions() {
  const mapAttribution = useMapAttribution();
  return (
    <LegalSection title="Datenquellen und Lizenzhinweise">
      <p data-testid="attribution-geonames">
        {POSTAL_CODE_ATTRIBUTION} (
        <a href="https://www.geonames.org/" target="_blank" rel="noopener noreferrer">
          geonames.org
        </a>
        ,{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          Lizenz CC BY 4.0
        </a>
        ).
      </p>
      {mapAttribution && (
        <p data-testid="attribution-map-tiles">Kartendarstellung auf den Profilseiten: {mapAttribution}.</p>
      )}
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
