import { useEffect, useState } from 'react';

/**
 * An object URL for a blob while the component shows it, revoked when the blob changes or the
 * component goes (an effect: the URL is a browser resource that must be released).
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}
