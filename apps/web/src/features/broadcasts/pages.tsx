import { useParams } from 'react-router';
import { BroadcastPage } from './BroadcastPage.tsx';
import { BroadcastsPage } from './BroadcastsPage.tsx';

/**
 * /app/chat/whatsapp-broadcast (the list) and /app/chat/whatsapp-broadcast/:id (one broadcast): one route and one
 * chunk, so the router's entry lists the broadcasts' chunks once.
 */
export function BroadcastsRoute() {
  const { id } = useParams();
  return id ? <BroadcastPage key={id} /> : <BroadcastsPage />;
}
