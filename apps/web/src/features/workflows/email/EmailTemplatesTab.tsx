import { Empty } from 'antd';

/** Stand-in: the e-mail templates' tab comes with the e-mail templates' branch, which replaces this file. */
export function EmailTemplatesTab() {
  return <Empty />;
}
