import { ApiError } from '../../lib/api-client';

/**
 * Sends one multipart upload with progress: XMLHttpRequest reports upload progress in every browser, which fetch
 * cannot yet do (a streaming request body needs HTTP/2 and is missing in Firefox and Safari). Failures become the
 * same ApiError the API client throws.
 */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(body);
      } else {
        reject(new ApiError(request.status, body as ConstructorParameters<typeof ApiError>[1]));
      }
    };
    request.onerror = () => reject(new ApiError(0, null));
    request.onabort = () => reject(new ApiError(0, null));
    request.send(form);
  });
}

export function uploadHistoryFile(clientId: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('clientId', String(clientId));
  form.append('file', file, file.name);
  return uploadWithProgress('/api/user-medical-history', form, onProgress);
}
