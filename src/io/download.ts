/** Saves text or a blob through the browser's download, with a file name safe on every system. */
export function download(name: string, content: string | Blob, type = 'text/plain;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = safeFileName(name);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function safeFileName(name: string): string {
  return (
    name
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 120) || 'download'
  );
}
