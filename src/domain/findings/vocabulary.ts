/**
 * The word classes the finding rules combine, matched against normalized text (text.ts: lower
 * case, NFKC, straight quotes, one space). Each class is a kind of thing an instruction can do or
 * name, in general English, not a sentence from any known attack: a rule fires when a text puts
 * classes together (a demand addressed to the model, an act on a secret, a destination outside
 * the tool), so rewording an attack does not get it past, and a description of the tool's own job
 * (third person, no demand, no foreign destination) does not set it off.
 *
 * Every pattern here runs in linear time: no nested quantifiers, and every gap between two parts is
 * bounded (`[^\n]{0,60}`), so the worst text costs a constant times its length.
 */

/** A demand addressed to the reader (the model): modal verbs, "make sure", "it is mandatory". */
export const DEMAND =
  /\b(?:must|(?:the )?(?:model|assistant|ai|agent|llm) (?:should|must|needs? to|has to|will)|you (?:should|need to|have to|are required to|are to|will need to|shall)|need to|have to|make sure|be sure to|ensure (?:that )?you|please|it'?s (?:critical|essential|mandatory|imperative|vital|crucial)|it is (?:critical|essential|mandatory|imperative|vital|crucial)|(?:is|are) (?:mandatory|required)|required to|mandatory)\b/;

/** An obligation, stronger than a request: must, need to, required, mandatory, critical. */
export const OBLIGATION =
  /\b(?:must|requires? (?:you|the model|the assistant) to|you should|(?:you )?need to|have to|(?:is|are) (?:required|mandatory)|required to|mandatory|it'?s (?:critical|essential|imperative)|it is (?:critical|essential|imperative))\b/;

/** A step put before or after the tool's own job ("before using this tool", "after you call it", "first"). */
export const EXTRA_STEP =
  /\b(?:as well|prerequisite|(?:while|during|before) \w+ing|additionally|before (?:using|calling|invoking|executing|running|processing|providing|returning|proceeding|answering|responding|you|any|each|every|this|the tool)|after (?:using|calling|you|this|each|every|any|\w+ing)|prior to|first|in addition|additionally|also)\b/;

/** A demand or an extra step: the text tells the model to do something. */
export function isDirected(sentence: string): boolean {
  return DEMAND.test(sentence) || EXTRA_STEP.test(sentence);
}

/** Files and locations that hold credentials or configure the agent or the shell. */
export const SECRET_FILE =
  /(?:\.ssh\/(?:id_|authorized_keys)|~\/\.ssh\b(?!\/(?:config|known_hosts)\b)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bmcp\.json\b|claude_desktop_config|\.cursor\/|(?<![\w.-])\.env\b(?!\.(?:example|sample|template|dist))|\.bashrc\b|\.zshrc\b|\.bash_profile\b|\.zprofile\b|~\/\.profile\b|\.netrc\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.aws\/credentials\b|\.kube\/config\b|\.docker\/config\.json|\/etc\/(?:passwd|shadow|gshadow|sudoers)\b|\.pem\b|\.p12\b|\.pfx\b|\.keystore\b|wallet\.dat\b|\.gnupg\b)/;

/** A URI of a custom scheme (not a web address) that names a secret (`system://secrets`): resources an agent host exposes. */
export const SECRET_URI =
  /\b(?!(?:https?|wss?|ftp|file):)[a-z][\w+.-]{0,20}:\/\/[\w./-]{0,40}?(?:secret|credential|password|confidential|private|token|api[_-]?key)/;

/** Words for secrets and credentials. */
export const SECRET_WORD =
  /\b(?:passwords?|passphrases?|secrets|secret keys?|credentials?|api[ _-]?keys?|access[ _-]?tokens?|auth(?:entication)?[ _-]?tokens?|bearer tokens?|session (?:tokens?|cookies?)|cookies|private[ _-]?keys?|ssh[ _-]?(?:keys?|config(?:uration)?)|seed phrases?|mnemonic|verification codes?|one-time (?:codes?|passwords?)|2fa codes?|(?!(?:your|my|example|sample|dummy|fake|test)_)[a-z0-9]+(?:_[a-z0-9]+)*_(?:secret|token|password|api_key|access_key|private_key)(?:_[a-z0-9]+)*|recovery phrases?|environment variables?|env vars?|confidential|system (?:configuration|config)|master password)\b/;

export function namesSecret(sentence: string): boolean {
  return SECRET_FILE.test(sentence) || SECRET_URI.test(sentence) || SECRET_WORD.test(sentence);
}

/** What the model holds about its session: the conversation, its instructions, its tools, the user's data. */
export const AGENT_CONTEXT =
  /\b(?:conversations?|chat (?:history|log|logs|messages)|message history|(?:previous|prior|last|recent|past) (?:messages|calls?|results?|outputs?|responses?|conversations?)|(?:full|complete|entire|whole) (?:list of )?(?:messages|history|context|contents?|chat|session)|(?:earlier|previous|prior) messages|tool results|(?:every|all|any) [a-z]+ you (?:can|could) (?:access|read|find|see|reach)|microphone|camera|webcam|screen recordings?|audio recordings?|contact list|system prompt|your (?:instructions|identity|model|name)|who you are|(?:names?|list) of (?:the |all )?(?:tools|functions)|tools? list|available tools|tools you (?:can use|have)|clipboard|keystrokes|(?:browsing|location|search) history|user (?:data|messages)|personal (?:data|information)|all (?:user )?data|all files|(?:file|document|their|its) contents?|phi records|machine fingerprint|fingerprint|mac address|account numbers?|social security|credit cards?)\b/;

/** Somewhere outside the tool and the user: a URL, a host, an address, a phone number, "remote", "third parties". */
export const OUTSIDE_DESTINATION =
  /(?:https?:\/\/\S|\b[\w-]{1,63}\.(?:com|net|org|io|ru|cn|xyz|top|site|info|biz|co)\b|[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]|\+\d{7,}|\bremote(?:ly)?\b|\bexternal(?:ly)?\b|\bthird[- ]part(?:y|ies)\b|\battacker|\bour (?:servers?|team|partners?|endpoint|backend)\b|\bpartner\b|\bcloud\b|\bwebhook\b|\boff-?site\b|\bto (?:the )?[`'"]?[a-z][\w.-]{1,60}[`'"]? (?:tool|function)\b|\b\d{1,3}(?:\.\d{1,3}){3}\b)/;

/** A destination written out: a URL, an email address, a phone number, an IP address. */
export const LITERAL_DESTINATION = /https?:\/\/\S|[\w.+-]{1,64}@[\w-]{1,63}\.[a-z]|\+\d{7,}|\b\d{1,3}(?:\.\d{1,3}){3}\b/;

/** Moving data somewhere: send, upload, forward, stream, sync, share, log, cache. */
export const MOVE_DATA =
  /\b(?:send|sends|sent|sending|upload|uploads|uploaded|uploading|forward|forwards|forwarded|post|posts|posted|transmit|transmits|transmitted|stream|streams|streamed|sync|syncs|synced|synchroni[sz]ed|share|shares|shared|leak|leaks|leaked|export|exports|exported|beacon|submit|submits|cache|cached|store|stored|mirror|mirrored|replicate|replicated|fetching|fetch)\b/;

/** Handing data to the tool (or another tool) inside a call. */
export const CARRY = /\b(?:pass|passes|passing|put|place|paste|include|add|append|concatenate|concat|insert|attach|embed|fill|supply|send|encode|copy)\b/;

/** A parameter named as the place data goes: `as 'sidenote'`, `in the "detail" parameter`, `as the parameter detail`. */
export const INTO_PARAMETER =
  /\b(?:as|in|into|inside|to|via|through)\s(?:the\s)?(?:(?:parameter|argument|field|param)\s['"`]?[a-z_][\w-]*|['"`]?[a-z_][\w-]*['"`]?\s(?:[a-z_][\w-]*\s)?(?:parameter|argument|field|param)\b|['"`][a-z_][\w-]*['"`])|\b(?:to|into|in)\s(?:every|each|all)\s(?:[a-z]+\s)?(?:query|queries|requests?|calls?|arguments?|parameters?|fields?|messages?)\b/;

/** The model's answer as the place data goes. */
export const INTO_ANSWER = /\b(?:in|into|to|with|within)\s(?:your|the)\s(?:response|answer|reply|output|final answer)\b/;

/** A path on the user's machine. */
export const LOCAL_PATH = /(?:~\/|(?:^|[\s'"`(])\/(?:users|home|etc|root|var|tmp|private|opt)\/|\b[a-z]:\\)/;

/**
 * Another tool, as an instruction names it: after a verb of invoking, a backticked word or an
 * identifier written with `_` or `-` ("call `fetch`", "redirect to web_search"), or any word after
 * "tool" ("use the new tool 'fetch'"); or any word right before "tool" or "function" ("the send_email tool", "when `add`
 * tool is present"). A plain word after "use" is not one: "use https", "use 'json' format".
 */
const AFTER_INVOKE =
  /\b(?:call|calls|calling|use|using|invoke|invoking|run|running|execute|trigger|consult|redirect(?:ed)? to|switch to)\s(?:the\s)?(?:new\s)?(?:secure\s)?(?:(?:tool|function)\s[`'"]?([a-z][\w.-]{1,60})|`([a-z][\w.-]{1,60})`|[`'"]?([a-z][a-z0-9]*(?:[_-][a-z0-9]+)+))/g;
const BEFORE_TOOL_WORD = /[`'"(]?([a-z][\w.-]{1,60})[`'")]?\s(?:tool|function)\b/g;
/** Words that stand before "tool" without naming one ("this tool", "the new tool"). */
const NOT_A_NAME = new Set(
  'this that the a an any other another each every same new secure which your our their its one first mcp such given specific external following above below previous current selected appropriate correct right relevant best only single multiple wrong main primary original real actual trusted standard separate dedicated corresponding'.split(
    ' ',
  ),
);

const SNAKE_CASE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** Every snake_case identifier of a sentence: where a sentence says a tool changed, the tool it names may stand anywhere. */
export function identifiersIn(sentence: string): string[] {
  return sentence.match(SNAKE_CASE) ?? [];
}

/** Identifiers a sentence names as tools, in order. */
export function toolNamesIn(sentence: string): string[] {
  const found: string[] = [];
  for (const pattern of [AFTER_INVOKE, BEFORE_TOOL_WORD]) {
    for (const match of sentence.matchAll(pattern)) {
      const name = (match[1] ?? match[2] ?? match[3]!).replace(/[.-]+$/, '');
      if (!NOT_A_NAME.has(name)) found.push(name);
    }
  }
  return found;
}

/**
 * Reasons given to make an instruction look obligatory: security, compliance, verification,
 * integrity, something "critical" or "mandatory", a crash or data loss otherwise, a change the
 * system made ("deprecated", "upgraded", "maintenance").
 */
export const PRESSURE =
  /\b(?:security|secure|compliance|compliant|regulat\w*|audit\w*|verif\w*|authenticat\w*|mandatory|critical|crucial|essential|necessary|integrity|protocol|holistic|supplement\w*|enhanced|optimi[sz]\w*|deprecated|disabled|maintenance|upgraded|alias|promotional|announcement|crash\w*|blocked|otherwise|will not work|won't work|(?:is|are) required|required for (?:all|every|any))\b/;
