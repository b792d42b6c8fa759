/**
 * Text that reads like instructions to an assistant rather than to a colleague. Each rule names one way an
 * injection shows itself; a field of untrusted text from outside the organisation that matches one is
 * flagged with the rule's id. Patterns are kept narrow: a false positive sends a person to confirm an
 * ordinary action, so each is measured against all the sandbox's seeded content (none expected).
 */
interface InstructionRule {
  id: string;
  /** What the rule catches, as the README's table says it. */
  about: string;
  pattern: RegExp;
}

export const INSTRUCTION_RULES: readonly InstructionRule[] = [
  {
    id: 'override',
    about: 'asks to ignore, forget or override earlier instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|all|your|system)\b[^.\n]{0,20}\b(?:instructions?|prompts?|rules|directions|guidelines)\b/i,
  },
  {
    id: 'role',
    about: 'gives the reader a new role: "you are now", "act as", "as an AI"',
    pattern: /\b(?:you are now|from now on,? you|act as (?:an?|the) (?:ai|assistant|agent|model)|as an ai\b)/i,
  },
  {
    id: 'addressed_to_assistant',
    about: 'speaks to an AI assistant, agent or language model directly',
    pattern:
      /\b(?:(?:dear|hey|attention|note to( the)?)\s+(?:ai|assistant|agent|llm|chatbot|language model)|(?:ai|llm) (?:assistant|agent)s? (?:reading|processing) this)\b/i,
  },
  {
    id: 'tool_call',
    about: 'asks to call, run or use a tool or function',
    pattern:
      /\b(?:call|invoke|execute|trigger)\s+(?:the\s+)?(?:`?\w+`?\s+)?(?:tool|function)s?\b|\b(?:use|run)\s+(?:the\s+)?`?[a-z]+_[a-z_]+`?\s+(?:tool|function)\b/i,
  },
  {
    id: 'send_to',
    about: 'asks to send, forward, post or email something to an address or link',
    pattern:
      /\b(?:send|forward|email|e-mail|post|upload|share|leak|exfiltrate)\b[^.\n]{0,80}\bto\s+(?:[\w.+-]+@[\w-]+\.[\w.-]+|https?:\/\/\S+|#[\w-]+)/i,
  },
  {
    id: 'prompt_marker',
    about: 'carries a system-prompt or chat-template marker',
    pattern:
      /(?:<\|(?:im_start|im_end|system|assistant|user|endoftext)\|>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>|^\s*(?:system|assistant)\s*:|<\/?system(?:[-_ ]prompt)?>|###\s*(?:system|instruction)s?\b)/im,
  },
  {
    id: 'tool_call_json',
    about: 'carries a JSON tool call ({"tool": …, "arguments": …} and the like)',
    pattern:
      /\{\s*"(?:tool|tool_name|function|name|recipient_name)"\s*:\s*"[^"]+"\s*,\s*"(?:arguments|args|parameters|input)"\s*:/i,
  },
  {
    id: 'hidden_text',
    about: 'hides text: Unicode tag characters, zero-width or bidirectional controls',
    pattern: /[\u{E0000}-\u{E007F}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u,
  },
  {
    id: 'exfil_link',
    about: 'a markdown link or image whose URL carries data in its query ({…} placeholders, long encoded values)',
    pattern: /!?\[[^\]]*\]\(\s*https?:\/\/[^)\s]*\?[^)\s]*(?:\{[^}]*\}|=[A-Za-z0-9+/_%-]{24,})[^)\s]*\)/i,
  },
];

/** The ids of the rules a text matches, in the table's order. */
export function instructionRulesIn(text: string): string[] {
  return INSTRUCTION_RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.id);
}
