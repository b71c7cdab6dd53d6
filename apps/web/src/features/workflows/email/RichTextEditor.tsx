import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A light rich-text editor: a contentEditable area with bold, italic, link and list buttons (the browser's editing
 * commands) and room for more tools (`extra`). Its value is HTML; the server sanitises it on save.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  disabled,
  extra,
  editorRef,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  disabled?: boolean;
  /** more toolbar items, such as a variable menu that calls `insertText` */
  extra?: ReactNode;
  /** handed the editor's insert function */
  editorRef?: { current: RichTextHandle | null };
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  /** the caret's place while the editor had it: a toolbar click or a menu takes the focus away */
  const caret = useRef<Range | null>(null);

  // the value is written into the area only when it changed from outside (not at each keystroke: the caret stays)
  useEffect(() => {
    if (area.current && area.current.innerHTML !== (value ?? '')) area.current.innerHTML = value ?? '';
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const keepCaret = () => {
    const selection = document.getSelection();
    if (selection?.rangeCount && area.current?.contains(selection.getRangeAt(0).commonAncestorContainer))
      caret.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreCaret = () => {
    area.current?.focus();
    const selection = document.getSelection();
    if (caret.current && selection) {
      selection.removeAllRanges();
      selection.addRange(caret.current);
    }
  };
  /** the browser's editing command; false where there is none (tests' jsdom) */
  const command = (name: string, argument?: string) => {
    restoreCaret();
    const done = typeof document.execCommand === 'function' && document.execCommand(name, false, argument);
    emit();
    return done;
  };

  const insertText = (text: string) => {
    if (command('insertText', text)) return;
    // no editing commands: the text goes at the caret, or at the end
    const node = document.createTextNode(text);
    if (caret.current && area.current?.contains(caret.current.commonAncestorContainer)) {
      caret.current.deleteContents();
      caret.current.insertNode(node);
      caret.current.setStartAfter(node);
      caret.current.collapse(true);
    } else area.current?.append(node);
    emit();
  };
  if (editorRef) editorRef.current = { insertText };

  const link = () => {
    const href = window.prompt(t('emailTemplates.linkPrompt'), 'https://');
    if (href && /^(https?:\/\/|mailto:)/i.test(href.trim())) command('createLink', href.trim());
  };
  const tool = (name: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={name}>
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={name}
        disabled={disabled}
        // the area keeps its selection: the button does not take the focus on press
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  return (
    <div className="ant-input" style={{ padding: 0 }}>
      <Flex gap={2} wrap align="center" style={{ padding: 4, borderBottom: '1px solid rgba(127,127,127,0.2)' }}>
        {tool(t('emailTemplates.bold'), <BoldOutlined aria-hidden />, () => command('bold'))}
        {tool(t('emailTemplates.italic'), <ItalicOutlined aria-hidden />, () => command('italic'))}
        {tool(t('emailTemplates.link'), <LinkOutlined aria-hidden />, link)}
        {tool(t('emailTemplates.bulletList'), <UnorderedListOutlined aria-hidden />, () =>
          command('insertUnorderedList'),
        )}
        {tool(t('emailTemplates.numberedList'), <OrderedListOutlined aria-hidden />, () =>
          command('insertOrderedList'),
        )}
        {extra}
      </Flex>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
      <div
        ref={area}
        role="textbox"
        tabIndex={0}
        aria-multiline="true"
        aria-label={label}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={keepCaret}
        onKeyUp={keepCaret}
        onMouseUp={keepCaret}
        style={{ minHeight: 200, maxHeight: 480, overflow: 'auto', padding: '8px 11px', outline: 'none' }}
      />
    </div>
  );
}

export interface RichTextHandle {
  insertText(text: string): void;
}
