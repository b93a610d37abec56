import './page-spinner.css';

/**
 * The loading state while a page's code or data arrives: plain markup and CSS rather than antd's
 * Spin, because it shows before Ant Design is loaded (and the public home never loads it).
 */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-dot" aria-hidden="true" />
      {label && <span className="page-spinner-label">{label}</span>}
    </div>
  );
}
