/** Saves a blob as a file: a click on a link to it, as the browser's own downloads are started. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled (the download keeps its own reference).
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
