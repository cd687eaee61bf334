import { therapistSearchPath } from '@praxia/shared/public-pages';
import { isPostalCode } from '@praxia/shared/therapist-pages';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../i18n';

/** The postal-code field and search button; a search is a page load of the code's own address. */
export function SearchForm({
  initialPostalCode,
  isInitiallyInvalid,
}: {
  initialPostalCode: string;
  isInitiallyInvalid: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [postalCode, setPostalCode] = useState(initialPostalCode);
  const [isInvalid, setInvalid] = useState(isInitiallyInvalid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = postalCode.trim();
    if (!isPostalCode(code)) {
      setInvalid(true);
      return;
    }
    window.location.assign(therapistSearchPath(code));
  };

  return (
    <form className="search-form" noValidate onSubmit={submit}>
      <div className="search-field">
        <label htmlFor={inputId}>{t('therapistPages.postalCode')}</label>
        <input
          id={inputId}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={postalCode}
          aria-invalid={isInvalid}
          aria-describedby={isInvalid ? errorId : undefined}
          onChange={(event) => {
            setPostalCode(event.target.value);
            if (isInvalid && isPostalCode(event.target.value.trim())) setInvalid(false);
          }}
        />
        {isInvalid && (
          <p id={errorId} className="field-error">
            {t('therapistPages.postalCodeInvalid')}
          </p>
        )}
      </div>
      <button type="submit" className="primary">
        {t('therapistPages.search')}
      </button>
    </form>
  );
}
