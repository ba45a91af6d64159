/**
 * Plausible tools of real-world API domains (weather, payments, repositories, recipes, …), made
 * up from a seed: the same seed gives the same tools on every machine. They are the crowd that a
 * registry's search must find the right few in, with the names, descriptions and schemas of a
 * public API catalogue or an MCP server's tools: providers with several endpoints each, names in
 * kebab, snake and camel case, properties with and without descriptions.
 */
import type { JsonObject } from '../../src/domain/model';
import type { SearchableTool } from '../../src/domain/search/document';

interface Domain {
  category: string;
  /** What its APIs are about: the objects endpoints return and act on. */
  entities: string[];
  /** Words that name a provider of the domain. */
  brands: string[];
  /** Parameters of its endpoints, with what each is. */
  parameters: [name: string, description: string][];
  /** Qualifiers of a listing or a search. */
  qualifiers: string[];
}

const DOMAINS: Domain[] = [
  {
    category: 'Weather',
    entities: [
      'forecast',
      'current conditions',
      'weather alert',
      'hourly forecast',
      'precipitation',
      'uv index',
      'wind speed',
      'storm track',
      'temperature history',
      'pollen count',
    ],
    brands: ['weather', 'meteo', 'climate', 'sky', 'storm', 'forecast'],
    parameters: [
      ['lat', 'Latitude of the location in decimal degrees.'],
      ['lon', 'Longitude of the location in decimal degrees.'],
      ['units', 'Unit system: metric or imperial.'],
      ['days', 'Number of forecast days.'],
      ['city', 'Name of the city.'],
    ],
    qualifiers: ['by city', 'for the next 7 days', 'by coordinates', 'for a postal code'],
  },
  {
    category: 'Finance',
    entities: [
      'stock quote',
      'exchange rate',
      'company profile',
      'earnings report',
      'dividend history',
      'market index',
      'balance sheet',
      'options chain',
      'insider trade',
      'analyst rating',
    ],
    brands: ['market', 'stock', 'finance', 'trading', 'invest', 'equity', 'quote'],
    parameters: [
      ['symbol', 'Ticker symbol of the security, for example AAPL.'],
      ['from_date', 'Start date in YYYY-MM-DD format.'],
      ['to_date', 'End date in YYYY-MM-DD format.'],
      ['interval', 'Time interval between data points.'],
      ['currency', 'ISO 4217 currency code.'],
    ],
    qualifiers: ['by ticker', 'for a date range', 'in real time', 'with historical data'],
  },
  {
    category: 'Cryptocurrency',
    entities: [
      'coin price',
      'wallet balance',
      'token transfer',
      'blockchain transaction',
      'market cap',
      'trading pair',
      'gas fee',
      'nft collection',
      'exchange order book',
      'defi pool',
    ],
    brands: ['crypto', 'coin', 'chain', 'token', 'block', 'ledger'],
    parameters: [
      ['address', 'Wallet or contract address.'],
      ['coin_id', 'Identifier of the coin.'],
      ['network', 'Blockchain network, such as ethereum or solana.'],
      ['vs_currency', 'Currency to express prices in.'],
    ],
    qualifiers: ['by address', 'across exchanges', 'in the last 24 hours', 'by network'],
  },
  {
    category: 'Sports',
    entities: [
      'match result',
      'league table',
      'player statistics',
      'team roster',
      'fixture',
      'live score',
      'betting odds',
      'tournament bracket',
      'transfer news',
      'injury report',
    ],
    brands: ['sport', 'score', 'league', 'goal', 'arena', 'match', 'fantasy'],
    parameters: [
      ['team_id', 'Identifier of the team.'],
      ['season', 'Season year, for example 2023.'],
      ['league', 'League code or name.'],
      ['date', 'Match date in YYYY-MM-DD format.'],
      ['player_id', 'Identifier of the player.'],
    ],
    qualifiers: ['by season', 'for a team', 'by league', 'live'],
  },
  {
    category: 'News',
    entities: ['headline', 'news article', 'news source', 'trending topic', 'press release', 'editorial', 'breaking story', 'news feed'],
    brands: ['news', 'press', 'daily', 'headline', 'wire', 'media', 'journal'],
    parameters: [
      ['q', 'Keywords to search for.'],
      ['language', 'Two-letter language code.'],
      ['country', 'Two-letter country code.'],
      ['page_size', 'Number of results per page.'],
      ['sources', 'Comma-separated list of source identifiers.'],
    ],
    qualifiers: ['by keyword', 'by country', 'published today', 'by category'],
  },
  {
    category: 'Music',
    entities: ['song', 'album', 'artist', 'playlist', 'lyrics', 'chart', 'concert', 'radio station', 'podcast episode', 'track preview'],
    brands: ['music', 'tune', 'sound', 'beat', 'audio', 'radio', 'lyric'],
    parameters: [
      ['artist', 'Name of the artist.'],
      ['track', 'Title of the track.'],
      ['genre', 'Music genre.'],
      ['limit', 'Maximum number of results.'],
    ],
    qualifiers: ['by artist', 'by genre', 'top 100', 'by release year'],
  },
  {
    category: 'Movies',
    entities: ['movie', 'tv show', 'episode', 'cast member', 'review', 'box office figure', 'streaming availability', 'trailer', 'showtime'],
    brands: ['movie', 'film', 'cinema', 'screen', 'stream', 'tv', 'show'],
    parameters: [
      ['title', 'Title of the movie or show.'],
      ['year', 'Release year.'],
      ['imdb_id', 'IMDb identifier.'],
      ['region', 'Region code for availability.'],
    ],
    qualifiers: ['by title', 'now playing', 'by genre', 'by streaming service'],
  },
  {
    category: 'Travel',
    entities: ['flight', 'airport', 'hotel', 'car rental', 'travel advisory', 'visa requirement', 'booking', 'itinerary', 'tourist attraction', 'airline'],
    brands: ['travel', 'trip', 'fly', 'jet', 'hotel', 'booking', 'tour', 'voyage'],
    parameters: [
      ['origin', 'IATA code of the departure airport.'],
      ['destination', 'IATA code of the arrival airport.'],
      ['check_in', 'Check-in date.'],
      ['check_out', 'Check-out date.'],
      ['adults', 'Number of adult travellers.'],
    ],
    qualifiers: ['by route', 'for given dates', 'near a location', 'cheapest first'],
  },
  {
    category: 'Food',
    entities: ['recipe', 'ingredient', 'nutrition facts', 'restaurant', 'menu item', 'meal plan', 'grocery product', 'wine pairing', 'diet label'],
    brands: ['recipe', 'food', 'kitchen', 'chef', 'meal', 'taste', 'cook'],
    parameters: [
      ['ingredients', 'Comma-separated list of ingredients.'],
      ['cuisine', 'Cuisine, for example italian.'],
      ['diet', 'Diet such as vegan or keto.'],
      ['max_calories', 'Maximum calories per serving.'],
    ],
    qualifiers: ['by ingredient', 'by cuisine', 'for a diet', 'near me'],
  },
  {
    category: 'Health',
    entities: ['symptom', 'drug interaction', 'medication', 'clinical trial', 'doctor', 'exercise', 'workout plan', 'calorie burn', 'health record', 'vaccine'],
    brands: ['health', 'med', 'care', 'fit', 'clinic', 'vital', 'pharma'],
    parameters: [
      ['drug_name', 'Generic or brand name of the drug.'],
      ['age', 'Age of the patient in years.'],
      ['weight', 'Body weight in kilograms.'],
      ['activity', 'Name of the activity.'],
    ],
    qualifiers: ['by condition', 'by age group', 'with dosage', 'by specialty'],
  },
  {
    category: 'Real Estate',
    entities: ['property listing', 'home valuation', 'rental estimate', 'mortgage rate', 'neighborhood profile', 'open house', 'agent', 'sale history'],
    brands: ['home', 'realty', 'estate', 'property', 'house', 'rent'],
    parameters: [
      ['zip_code', 'Postal code of the area.'],
      ['bedrooms', 'Minimum number of bedrooms.'],
      ['price_max', 'Maximum price.'],
      ['property_type', 'House, condo or apartment.'],
    ],
    qualifiers: ['by zip code', 'for sale', 'for rent', 'sold recently'],
  },
  {
    category: 'Jobs',
    entities: ['job posting', 'salary estimate', 'company review', 'candidate', 'resume', 'interview', 'employer'],
    brands: ['job', 'career', 'hire', 'talent', 'work', 'recruit'],
    parameters: [
      ['keywords', 'Job title or skills.'],
      ['location', 'City or region.'],
      ['remote', 'Only remote positions.'],
      ['experience_level', 'Entry, mid or senior.'],
    ],
    qualifiers: ['by title', 'remote only', 'by location', 'posted this week'],
  },
  {
    category: 'eCommerce',
    entities: ['product', 'order', 'cart', 'customer', 'price comparison', 'coupon', 'inventory level', 'product review', 'return request', 'seller'],
    brands: ['shop', 'store', 'cart', 'market', 'deal', 'buy', 'retail'],
    parameters: [
      ['product_id', 'Identifier of the product.'],
      ['sku', 'Stock keeping unit.'],
      ['category', 'Product category.'],
      ['sort', 'Sort order of the results.'],
    ],
    qualifiers: ['by category', 'on sale', 'by price', 'best selling'],
  },
  {
    category: 'Shipping',
    entities: ['shipment', 'tracking event', 'shipping rate', 'parcel label', 'delivery estimate', 'pickup', 'customs declaration', 'warehouse'],
    brands: ['ship', 'parcel', 'post', 'freight', 'cargo', 'courier', 'express'],
    parameters: [
      ['tracking_number', 'Carrier tracking number.'],
      ['carrier', 'Carrier code.'],
      ['weight_kg', 'Weight of the parcel in kilograms.'],
      ['postal_code', 'Destination postal code.'],
    ],
    qualifiers: ['by tracking number', 'by carrier', 'international', 'same day'],
  },
  {
    category: 'Email',
    entities: ['email', 'mailbox', 'mailing list', 'email template', 'attachment', 'bounce report', 'email address validation', 'newsletter'],
    brands: ['mail', 'inbox', 'send', 'post', 'letter'],
    parameters: [
      ['to', 'Recipient email address.'],
      ['subject', 'Subject line.'],
      ['body', 'Body of the message.'],
      ['email', 'Email address to check.'],
    ],
    qualifiers: ['in bulk', 'by sender', 'unread', 'with attachments'],
  },
  {
    category: 'Communication',
    entities: ['message', 'channel', 'chat thread', 'sms', 'phone call', 'voicemail', 'contact', 'meeting', 'calendar event', 'reminder'],
    brands: ['chat', 'talk', 'message', 'call', 'meet', 'team', 'calendar'],
    parameters: [
      ['channel_id', 'Identifier of the channel.'],
      ['text', 'Text of the message.'],
      ['phone_number', 'Phone number in E.164 format.'],
      ['start_time', 'Start time in ISO 8601.'],
    ],
    qualifiers: ['by channel', 'in a thread', 'scheduled', 'for a user'],
  },
  {
    category: 'Social',
    entities: ['post', 'user profile', 'follower', 'comment', 'hashtag', 'story', 'mention', 'engagement metric'],
    brands: ['social', 'feed', 'gram', 'tweet', 'share', 'friend'],
    parameters: [
      ['username', 'Handle of the account.'],
      ['post_id', 'Identifier of the post.'],
      ['hashtag', 'Hashtag without the #.'],
      ['count', 'Number of items to return.'],
    ],
    qualifiers: ['by user', 'by hashtag', 'trending', 'most liked'],
  },
  {
    category: 'Mapping',
    entities: ['address', 'geocode', 'route', 'place', 'distance matrix', 'time zone', 'elevation', 'points of interest', 'ip geolocation', 'boundary'],
    brands: ['map', 'geo', 'place', 'route', 'locate', 'nav', 'atlas'],
    parameters: [
      ['address', 'Street address to look up.'],
      ['latitude', 'Latitude in decimal degrees.'],
      ['longitude', 'Longitude in decimal degrees.'],
      ['radius', 'Search radius in meters.'],
      ['ip', 'IPv4 or IPv6 address.'],
    ],
    qualifiers: ['by coordinates', 'nearby', 'by address', 'between two points'],
  },
  {
    category: 'Translation',
    entities: ['translation', 'language detection', 'dictionary entry', 'synonym', 'pronunciation', 'spelling suggestion', 'transliteration'],
    brands: ['lingo', 'translate', 'word', 'dict', 'lexi', 'speak'],
    parameters: [
      ['text', 'Text to process.'],
      ['source_lang', 'Language of the text.'],
      ['target_lang', 'Language to translate into.'],
      ['word', 'The word to look up.'],
    ],
    qualifiers: ['between languages', 'in 100 languages', 'with examples'],
  },
  {
    category: 'Media',
    entities: ['image', 'thumbnail', 'video', 'audio transcription', 'subtitle', 'qr code', 'screenshot', 'face detection', 'background removal', 'ocr text'],
    brands: ['image', 'pixel', 'photo', 'vision', 'media', 'frame', 'snap'],
    parameters: [
      ['image_url', 'URL of the image.'],
      ['width', 'Width in pixels.'],
      ['height', 'Height in pixels.'],
      ['format', 'Output format such as png or jpeg.'],
    ],
    qualifiers: ['from a URL', 'in batch', 'at high resolution'],
  },
  {
    category: 'Documents',
    entities: ['pdf', 'document', 'spreadsheet', 'presentation', 'invoice pdf', 'e-signature', 'form', 'word count', 'text summary'],
    brands: ['doc', 'pdf', 'paper', 'sheet', 'page', 'sign'],
    parameters: [
      ['file_url', 'URL of the file.'],
      ['pages', 'Page range, for example 1-3.'],
      ['output_format', 'Format to convert to.'],
      ['document_id', 'Identifier of the document.'],
    ],
    qualifiers: ['to text', 'page by page', 'with OCR', 'merged'],
  },
  {
    category: 'Storage',
    entities: ['file', 'folder', 'bucket', 'object', 'backup', 'share link', 'file version', 'upload session'],
    brands: ['drive', 'box', 'cloud', 'vault', 'store', 'sync'],
    parameters: [
      ['path', 'Path of the file or folder.'],
      ['bucket', 'Name of the bucket.'],
      ['recursive', 'Include subfolders.'],
      ['content_type', 'MIME type of the content.'],
    ],
    qualifiers: ['recursively', 'by path', 'modified since a date'],
  },
  {
    category: 'Databases',
    entities: ['table', 'query', 'row', 'schema', 'index', 'migration', 'connection', 'collection', 'document record'],
    brands: ['db', 'sql', 'data', 'query', 'base', 'graph'],
    parameters: [
      ['sql', 'SQL statement to run.'],
      ['table', 'Name of the table.'],
      ['database', 'Name of the database.'],
      ['filter', 'Filter expression.'],
    ],
    qualifiers: ['read only', 'with pagination', 'by primary key'],
  },
  {
    category: 'Developer Tools',
    entities: [
      'repository',
      'pull request',
      'issue',
      'commit',
      'branch',
      'build',
      'pipeline',
      'release',
      'code review',
      'workflow run',
      'package version',
      'container image',
    ],
    brands: ['git', 'code', 'dev', 'build', 'ci', 'deploy', 'hub'],
    parameters: [
      ['owner', 'Owner of the repository.'],
      ['repo', 'Name of the repository.'],
      ['branch', 'Name of the branch.'],
      ['issue_number', 'Number of the issue.'],
      ['state', 'open, closed or all.'],
    ],
    qualifiers: ['by repository', 'open only', 'by author', 'since a commit'],
  },
  {
    category: 'Monitoring',
    entities: ['log entry', 'metric', 'alert', 'incident', 'uptime check', 'trace', 'dashboard', 'error event', 'on-call schedule'],
    brands: ['watch', 'monitor', 'log', 'pulse', 'sentry', 'ops', 'trace'],
    parameters: [
      ['service', 'Name of the service.'],
      ['since', 'Start of the time window.'],
      ['severity', 'Minimum severity.'],
      ['query', 'Search expression.'],
    ],
    qualifiers: ['in the last hour', 'by service', 'by severity'],
  },
  {
    category: 'Cloud',
    entities: ['virtual machine', 'cluster', 'container', 'function', 'load balancer', 'dns record', 'certificate', 'domain', 'firewall rule', 'cost report'],
    brands: ['cloud', 'compute', 'cluster', 'host', 'node', 'stack', 'infra'],
    parameters: [
      ['region', 'Cloud region.'],
      ['instance_id', 'Identifier of the instance.'],
      ['zone', 'Availability zone.'],
      ['domain', 'Domain name.'],
    ],
    qualifiers: ['by region', 'running only', 'by tag'],
  },
  {
    category: 'Security',
    entities: [
      'vulnerability',
      'malware scan',
      'breach record',
      'password strength',
      'ssl certificate',
      'threat report',
      'ip reputation',
      'phishing check',
      'access token',
    ],
    brands: ['secure', 'shield', 'guard', 'threat', 'scan', 'safe', 'cyber'],
    parameters: [
      ['url', 'URL to check.'],
      ['cve_id', 'CVE identifier.'],
      ['hash', 'File hash (SHA-256).'],
      ['domain', 'Domain to inspect.'],
    ],
    qualifiers: ['by CVE', 'for a domain', 'in real time'],
  },
  {
    category: 'Payments',
    entities: ['payment', 'refund', 'invoice', 'subscription', 'payout', 'charge', 'customer balance', 'tax rate', 'checkout session', 'transaction'],
    brands: ['pay', 'bill', 'cash', 'money', 'wallet', 'checkout', 'invoice'],
    parameters: [
      ['amount', 'Amount in the smallest currency unit.'],
      ['currency', 'Three-letter currency code.'],
      ['customer_id', 'Identifier of the customer.'],
      ['invoice_id', 'Identifier of the invoice.'],
    ],
    qualifiers: ['by customer', 'for a period', 'pending'],
  },
  {
    category: 'Business',
    entities: ['lead', 'deal', 'company', 'contact', 'ticket', 'task', 'project', 'timesheet', 'expense report', 'employee'],
    brands: ['crm', 'desk', 'biz', 'office', 'sales', 'team', 'work'],
    parameters: [
      ['company_name', 'Name of the company.'],
      ['owner_id', 'Identifier of the owner.'],
      ['status', 'Status of the item.'],
      ['due_date', 'Due date.'],
    ],
    qualifiers: ['by owner', 'by status', 'due this week'],
  },
  {
    category: 'Education',
    entities: ['course', 'lesson', 'quiz', 'student', 'grade', 'university', 'scholarship', 'flashcard', 'math problem'],
    brands: ['learn', 'edu', 'study', 'class', 'school', 'tutor'],
    parameters: [
      ['subject', 'Subject area.'],
      ['level', 'Difficulty level.'],
      ['student_id', 'Identifier of the student.'],
    ],
    qualifiers: ['by subject', 'by level', 'free'],
  },
  {
    category: 'Books',
    entities: ['book', 'author', 'isbn record', 'library loan', 'quote', 'bestseller list', 'book review'],
    brands: ['book', 'read', 'library', 'novel', 'page', 'shelf'],
    parameters: [
      ['isbn', 'ISBN-10 or ISBN-13.'],
      ['author', 'Name of the author.'],
      ['title', 'Title of the book.'],
    ],
    qualifiers: ['by author', 'by ISBN', 'new releases'],
  },
  {
    category: 'Gaming',
    entities: ['game', 'player profile', 'leaderboard', 'achievement', 'match history', 'item price', 'server status', 'tournament'],
    brands: ['game', 'play', 'quest', 'pixel', 'arcade', 'level'],
    parameters: [
      ['player_name', 'In-game name of the player.'],
      ['platform', 'Platform such as pc or console.'],
      ['game_id', 'Identifier of the game.'],
    ],
    qualifiers: ['by platform', 'ranked', 'this season'],
  },
  {
    category: 'Science',
    entities: ['asteroid', 'satellite pass', 'earthquake', 'chemical compound', 'gene', 'research paper', 'space launch', 'star chart', 'tide prediction'],
    brands: ['science', 'astro', 'lab', 'space', 'geo', 'bio', 'quantum'],
    parameters: [
      ['start_date', 'Start date.'],
      ['end_date', 'End date.'],
      ['min_magnitude', 'Minimum magnitude.'],
      ['compound', 'Name or formula of the compound.'],
    ],
    qualifiers: ['by date', 'near Earth', 'by magnitude'],
  },
  {
    category: 'Transportation',
    entities: ['bus arrival', 'train schedule', 'vehicle', 'vin decode', 'parking spot', 'charging station', 'traffic incident', 'ride estimate', 'fuel price'],
    brands: ['transit', 'ride', 'car', 'auto', 'metro', 'rail', 'drive'],
    parameters: [
      ['stop_id', 'Identifier of the stop.'],
      ['vin', 'Vehicle identification number.'],
      ['route_id', 'Identifier of the route.'],
    ],
    qualifiers: ['in real time', 'by stop', 'by route'],
  },
  {
    category: 'Government',
    entities: [
      'census record',
      'company registration',
      'tax filing',
      'court case',
      'election result',
      'public holiday',
      'postal code',
      'population statistic',
      'law',
    ],
    brands: ['gov', 'civic', 'public', 'open', 'state', 'census'],
    parameters: [
      ['country_code', 'ISO 3166 country code.'],
      ['year', 'Year of the record.'],
      ['state', 'State or province.'],
    ],
    qualifiers: ['by country', 'by year', 'by state'],
  },
  {
    category: 'Energy',
    entities: ['electricity price', 'carbon intensity', 'solar forecast', 'energy usage', 'meter reading', 'air quality reading', 'emission factor'],
    brands: ['energy', 'power', 'grid', 'solar', 'green', 'carbon', 'eco'],
    parameters: [
      ['meter_id', 'Identifier of the meter.'],
      ['zone', 'Grid zone.'],
      ['period', 'Aggregation period.'],
    ],
    qualifiers: ['by zone', 'hourly', 'forecast'],
  },
  {
    category: 'Entertainment',
    entities: ['joke', 'meme', 'trivia question', 'horoscope', 'riddle', 'random fact', 'quote of the day', 'event ticket'],
    brands: ['fun', 'joke', 'laugh', 'trivia', 'event', 'party'],
    parameters: [
      ['category', 'Category of the content.'],
      ['sign', 'Zodiac sign.'],
      ['amount', 'Number of items.'],
    ],
    qualifiers: ['at random', 'by category', 'daily'],
  },
  {
    category: 'Text Analysis',
    entities: [
      'sentiment',
      'keyword extraction',
      'named entity',
      'text classification',
      'profanity check',
      'readability score',
      'language model completion',
      'embedding',
    ],
    brands: ['text', 'nlp', 'lang', 'sense', 'mind', 'ai'],
    parameters: [
      ['text', 'Text to analyze.'],
      ['model', 'Model to use.'],
      ['max_tokens', 'Maximum tokens to generate.'],
    ],
    qualifiers: ['in bulk', 'for a document', 'multilingual'],
  },
];

const ACTIONS: [verb: string, phrase: (entity: string) => string][] = [
  ['get', (entity) => `Get the ${entity}`],
  ['list', (entity) => `List ${plural(entity)}`],
  ['search', (entity) => `Search ${plural(entity)}`],
  ['create', (entity) => `Create a ${entity}`],
  ['update', (entity) => `Update an existing ${entity}`],
  ['delete', (entity) => `Delete a ${entity}`],
  ['fetch', (entity) => `Fetch ${entity} data`],
  ['lookup', (entity) => `Look up a ${entity}`],
  ['export', (entity) => `Export ${plural(entity)} as CSV`],
  ['track', (entity) => `Track a ${entity}`],
  ['analyze', (entity) => `Analyze ${plural(entity)}`],
  ['compare', (entity) => `Compare ${plural(entity)}`],
  ['validate', (entity) => `Validate a ${entity}`],
  ['summarize', (entity) => `Summarize ${plural(entity)}`],
  ['subscribe', (entity) => `Subscribe to ${entity} updates`],
];

const GENERIC_PARAMETERS: [name: string, description: string][] = [
  ['limit', 'Maximum number of items to return.'],
  ['page', 'Page number, starting at 1.'],
  ['offset', 'Number of items to skip.'],
  ['lang', 'Language of the response.'],
  ['format', 'Response format: json or xml.'],
  ['api_version', 'Version of the API.'],
  ['fields', 'Comma-separated fields to include.'],
];

const BRAND_SUFFIXES = ['', '-api', '-hub', '-pro', '-io', '-ly', '-data', '-now', '-plus', '-x', '-central', '-live'];
const BRAND_PREFIXES = ['', 'open', 'my', 'smart', 'fast', 'global', 'real-time-', 'easy', 'the-', 'get'];
/** Syllables of made-up brand names (`voxlum`, `zentri-weather`): most providers are named for themselves, not their domain. */
const SYLLABLES = [
  'zen',
  'tri',
  'vox',
  'lum',
  'kor',
  'ara',
  'bel',
  'cy',
  'dra',
  'fin',
  'gal',
  'hex',
  'io',
  'jun',
  'kal',
  'lex',
  'mor',
  'nex',
  'ori',
  'pol',
  'qua',
  'ros',
  'sol',
  'tal',
  'umi',
  'vel',
  'wex',
  'yor',
  'zan',
  'ly',
];
const SENTENCES: ((domain: Domain, entity: string) => string)[] = [
  (domain, entity) => `Returns ${entity} data ${pick(domain.qualifiers, hash(entity))}.`,
  (_domain, entity) => `Useful for apps that need ${plural(entity)}.`,
  () => 'Results are paginated.',
  () => 'Requires an API key.',
  (domain) => `Part of a ${domain.category.toLowerCase()} API with worldwide coverage.`,
  () => 'Responses are cached for five minutes.',
  (_domain, entity) => `Each ${entity} includes an identifier, a name and a timestamp.`,
];

/** `count` tools, the same for the same `seed`. */
/**
 * A generated name in the registry's spelling: names are lowercase, so a camelCase short name
 * (`getLiveScore`) is written in kebab case (`get-live-score`), as its author would have had to.
 */
export const registryNameOf = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

export function generatedTools(count: number, seed: number): SearchableTool[] {
  const random = mulberry32(seed);
  const tools: SearchableTool[] = [];
  const names = new Set<string>();
  while (tools.length < count) {
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)]!;
    const provider = providerOf(domain, random);
    const endpoints = 1 + Math.floor(random() * 12);
    for (let e = 0; e < endpoints && tools.length < count; e++) {
      const tool = endpointOf(domain, provider, random);
      if (names.has(tool.name)) continue;
      names.add(tool.name);
      tools.push(tool);
    }
  }
  return tools;
}

function providerOf(domain: Domain, random: () => number): string {
  const invented = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES, random())).join('');
  const style = random();
  if (style < 0.4) return invented;
  if (style < 0.7) return `${invented}-${pick(domain.brands, random())}`;
  return `${pick(BRAND_PREFIXES, random())}${pick(domain.brands, random())}${pick(BRAND_SUFFIXES, random())}`;
}

function endpointOf(domain: Domain, provider: string, random: () => number): SearchableTool {
  const entity = pick(domain.entities, random());
  const [verb, phrase] = pick(ACTIONS, random());
  const words = [verb, ...entity.split(/[ -]/)];
  const style = random();
  const shortName = style < 0.5 ? words.join('-') : style < 0.8 ? words.join('_') : words.map((word, i) => (i === 0 ? word : capitalized(word))).join('');
  const sentences = [`${phrase(entity)}.`];
  const extra = Math.floor(random() * 4);
  for (let s = 0; s < extra; s++) sentences.push(pick(SENTENCES, random())(domain, entity));
  if (random() < 0.6) sentences.push(`Category: ${domain.category}.`);

  const properties: JsonObject = {};
  const parameterCount = Math.floor(random() * 5);
  for (let p = 0; p < parameterCount; p++) {
    const [name, description] = random() < 0.7 ? pick(domain.parameters, random()) : pick(GENERIC_PARAMETERS, random());
    properties[name] = random() < 0.7 ? { type: 'string', description } : { type: 'string' };
  }
  const mcp = random() < 0.3;
  return {
    name: `${provider}/${shortName}`,
    description: sentences.join(' '),
    inputSchema: { type: 'object', properties, required: Object.keys(properties).slice(0, 1) },
    mcpServer: mcp ? provider : null,
    mcpToolName: mcp ? words.join('_') : null,
    agentSkillPath: !mcp && random() < 0.1 ? `skills/${domain.category.toLowerCase().replaceAll(' ', '-')}/${words.join('-')}/SKILL.md` : null,
  };
}

function plural(entity: string): string {
  if (/(s|x|ch|sh)$/.test(entity)) return `${entity}es`;
  if (/[^aeiou]y$/.test(entity)) return `${entity.slice(0, -1)}ies`;
  return `${entity}s`;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function pick<T>(items: readonly T[], fraction: number): T {
  return items[Math.floor(fraction * items.length) % items.length]!;
}

/** A fraction from a text, so that a sentence about an entity reads the same wherever it is made. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** A small seeded generator of fractions in [0, 1) (Mulberry32): the same sequence on every machine. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
