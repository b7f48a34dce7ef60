import { ResultPage } from './ResultPage';

export default function TopUpSuccessPage() {
  return <ResultPage kind="topUpSuccess" />;
}
