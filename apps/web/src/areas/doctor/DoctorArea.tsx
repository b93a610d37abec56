import { useTranslation } from 'react-i18next';
import type { AreaProps } from '../../app/LazyArea.js';
import { doctorRoutes, menuEntries } from '../../app/area-routes.js';
import { DOCTOR_GROUPS } from '../../app/route-table.js';
import { AreaPlaceholder } from '../../components/AreaPlaceholder.js';
import { ShellLayout } from '../../components/ShellLayout.js';
import { useSession } from '../../lib/session.js';

/** Doctor layout: analysis and case-archive menus built from doctor info (spec §2 Doctor area). */
export default function DoctorArea({ page }: AreaProps) {
  const { t } = useTranslation();
  const { doctor } = useSession();
  const routes = doctor ? doctorRoutes(doctor) : [];
  const menu = menuEntries(routes);
  const side = DOCTOR_GROUPS.map((g) => ({
    key: g,
    label: t(`group.${g}`),
    items: menu
      .filter((r) => r.group === g)
      .map((r) => ({ key: r.path, label: t(`route.${r.title}`), newTab: r.newTab })),
  }));
  const def = routes.find((r) => r.page === page);
  const body = <AreaPlaceholder area="doctor" page={def?.title ?? page} />;
  if (def?.fullscreen) return body;
  return (
    <ShellLayout side={side} loginPath="/keyan-login">
      {body}
    </ShellLayout>
  );
}
