import type { UseExtraLinks } from '../../features/auth/components/user-menu';
import { useProfile } from '../../features/profile/api/get-profile';
import { paths } from '../../config/paths';

/** The account menu's way into the console, for operators only (the profile says so). */
export const useConsoleLink: UseExtraLinks = () => {
  const { data: profile } = useProfile();
  return profile?.isOperator ? [{ label: 'Console', href: paths.admin.overview.getHref() }] : [];
};
