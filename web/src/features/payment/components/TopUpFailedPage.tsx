import { ResultPage } from './ResultPage';

export default function TopUpFailedPage() {
  return <ResultPage kind="topUpFailed" />;
}
