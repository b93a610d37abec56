import type { ReactNode } from 'react';
import { Button, Space } from 'antd';

/** One row of a builder's list (an option, a scored question, a band): its inputs, then the × that removes it. */
export function EditorRow({ onRemove, children }: { onRemove: () => void; children: ReactNode }) {
  return (
    <Space style={{ display: 'flex', marginTop: 4 }}>
      {children}
      <Button size="small" onClick={onRemove}>
        ×
      </Button>
    </Space>
  );
}

/** The button under a builder's list that adds a row to it. */
export function AddRowButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button size="small" style={{ marginTop: 4 }} onClick={onClick}>
      {children}
    </Button>
  );
}
