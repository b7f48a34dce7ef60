import { PolicyPage } from './PolicyPage';

export default function PrivacyPolicyPage() {
  return <PolicyPage policy="privacyPolicy" />;
}
