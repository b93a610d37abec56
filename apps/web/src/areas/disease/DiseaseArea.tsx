import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { FullScreenArea } from '../../components/FullScreenArea.js';
import { KnowledgePage } from './KnowledgePage.js';
import { ScreeningForm } from './ScreeningForm.js';
import { ScreeningResult } from './ScreeningResult.js';
import { ScreeningsList } from './ScreeningsList.js';
import { StatsPage } from './StatsPage.js';
import './texts.js';

type Tab = 'knowledge' | 'screen' | 'screenings' | 'stats';

/** The disease area (spec §2, /disease/index): knowledge base, screening, screenings and statistics. */
export default function DiseaseArea({ page }: AreaProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('screen');
  // An open screening result replaces the list or the form until "back".
  const [openId, setOpenId] = useState<string | null>(null);
  const open = (id: string) => {
    setOpenId(id);
    setTab('screenings');
  };
  const screenings = openId ? (
    <ScreeningResult id={openId} onBack={() => setOpenId(null)} />
  ) : (
    <ScreeningsList onOpen={open} />
  );
  return (
    <FullScreenArea area="disease" page={page} loginPath="/disease/login">
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as Tab);
          setOpenId(null);
        }}
        destroyInactiveTabPane
        data-testid="disease-tabs"
        items={[
          { key: 'screen', label: t('disease.tabs.screen'), children: <ScreeningForm onDone={open} /> },
          { key: 'screenings', label: t('disease.tabs.screenings'), children: screenings },
          { key: 'knowledge', label: t('disease.tabs.knowledge'), children: <KnowledgePage /> },
          { key: 'stats', label: t('disease.tabs.stats'), children: <StatsPage /> },
        ]}
      />
    </FullScreenArea>
  );
}
