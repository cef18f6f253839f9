import { SendToSmartlead } from '../features/smartlead/SendToSmartlead';

export default function SendToSmartleadPage() {
  return <SendToSmartlead />;
}
