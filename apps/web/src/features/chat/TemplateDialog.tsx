import { SendTemplateDialog } from '../templates/index.ts';
import { useSendMessage } from './chat-api.ts';

/**
 * The one message allowed outside the 24-hour window: one of the channel's approved WhatsApp templates, its
 * placeholders filled from the customer's fields or typed.
 */
export function TemplateDialog({
  workspaceId,
  conversationId,
  channelId,
  customerId,
  open,
  onClose,
}: {
  workspaceId: string | null;
  conversationId: string;
  channelId: string;
  customerId: string;
  open: boolean;
  onClose: () => void;
}) {
  const send = useSendMessage(workspaceId, conversationId);
  return (
    <SendTemplateDialog
      workspaceId={workspaceId}
      channelId={channelId}
      customerId={customerId}
      open={open}
      sending={send.isPending}
      onSend={(body) => send.mutateAsync({ body })}
      onClose={onClose}
    />
  );
}
