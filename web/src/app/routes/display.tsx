import { useParams } from 'react-router-dom';
import { DisplayScreen } from '@/features/display';

export function DisplayRoute() {
  const { code = '' } = useParams();
  return <DisplayScreen key={code} code={code} />;
}
