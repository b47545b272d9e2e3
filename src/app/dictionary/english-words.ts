// Common English words (480, 3 KB): a query in Latin letters that is one of them is probably
// English, and the dictionary is Nepali–Nepali, so the search screen says so (english-notice.tsx).
// A short list written for this rather than an npm word list: those hold 10,000 to 275,000 words
// (0.1 to 3 MB) and would flag romanised Nepali too. Words that are also everyday romanised Nepali
// (man मन, hat हात, rat रात, sat सात, hit हित, her हेर, sun सुन, say सय, star स्तर, full फुल…)
// are left out; loaded with the notice only.

const WORDS = `
about above across after again against air airport alive all also although always and anger animal
answer any anyone apple army around art aunt autumn baby back bag bathroom beautiful because bed
before begin best better between big bird birthday bitter black blood blue body book both bottle
bowl box boy bread bridge brother brown bus business busy but butter buy card careful cat certain
chair cheese chicken child children church city class clean close clothes coffee cold college color
come company computer cook cost could country cousin cow cry dance dangerous dark daughter day dead
death dictionary different dirty doctor dog door drink driver dry during each ear early earth easy
eat education egg either email empty end energy engineer english even evening every everyone
everything exam example eye face factory false family farm farmer fast father fear festival field
fire first fish floor flower food foot for forest fork free friend from fruit game garden get gift
girl give glass gold good government grandfather grandmother great green guest hair hand happy hard
hate have head health healthy heart heavy hello help high his history holiday home homework hope
horse hospital hotel house how hungry husband ice idea important impossible information inside
internet into iron island its job journey joy just key king kiss kitchen knife know knowledge lake
language late laugh lawyer learn left less lesson letter library life light like listen little lock
long look lose loud love low magazine make many market meaning meat medicine men message milk money
month moon more morning most mother mountain mouth movie much music name nature near need neighbor
neither nepali never new news newspaper night nose not nothing now number nurse ocean office often
oil old one onion only open orange other out outside over paper party peace pen people phone photo
picture pink plastic plate play please police possible potato power price private problem public
purple queen question quiet radio read ready reason receive red restaurant rice rich right river
road roof room sad safe salad salt salty same school science sea season sell send she shirt shoe
shop short sick silver since sing sister sky sleep slow small smile snow soft soldier some someone
something sometimes song sorry soup speak spicy spoon sport spring stairs stamp start stone stop
story street strong student sugar summer sure sweet table take tea teach teacher team television
temple test thank thanks that the their them then there these they think thirsty this through ticket
time tired today together tomorrow town train travel tree true two uncle under university until use
vegetable very video village walk wall want water way weak weather wedding week well wet what when
where which while white who why wife will win wind window winter with within without woman women
wood word work worker world worst would write wrong year yellow yes yesterday you young your
`;

export const ENGLISH_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

/** Is the query (Latin letters only) a common English word? */
export const isEnglishWord = (q: string): boolean => ENGLISH_WORDS.has(q.trim().toLowerCase());
