import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type PlaceholderArea = 'site' | 'console' | 'member' | 'doctor' | 'display' | 'disease' | 'training';

/** A real page for routes whose content comes with later work: its title and what it will hold. */
export function AreaPlaceholder(props: { area: PlaceholderArea; page: string; title?: string; holds?: string }) {
  const { area, page, holds } = props;
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={props.title ?? t(`route.${page}`)}
      subTitle={t('area.placeholder', { area: t(`area.${area}`), holds: holds ?? t(`area.${area}Holds`) })}
    />
  );
}
