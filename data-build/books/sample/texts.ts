// The words of the sample's own files (make-files.ts): a Nepali reader for grades 5 and 2, its
// lessons as chapter files, a question paper, a short story as an EPUB and the audio lessons'
// names. All written by the Khoj team for the sample (CC0); none of it is from a real book.

export type Block = { kind: 'title' | 'h' | 'p' | 'small'; text: string };

const CC0 = 'Written for the Khoj sample catalog (CC0). Not a real textbook.';

export const LESSONS: Array<{ title: string; paragraphs: string[] }> = [
  {
    title: 'पाठ १: बिहान',
    paragraphs: [
      'बिहान सबेरै कुखुरा बास्छ। आमा चुलोमा आगो बाल्नुहुन्छ र बुबा गाईलाई घाँस दिनुहुन्छ। दिदी गाग्री बोकेर धारामा पानी लिन जानुहुन्छ।',
      'म हातमुख धोएर किताब र कापी झोलामा राख्छु। पूर्वको डाँडामा घाम झुल्किँदा हिमालको सेतो हिउँ सुनजस्तै चम्किन्छ।',
      'शब्दार्थ: सबेरै — चाँडै; धारा — पानी आउने ठाउँ; झुल्किनु — देखा पर्नु।',
    ],
  },
  {
    title: 'पाठ २: हाम्रो विद्यालय',
    paragraphs: [
      'हाम्रो विद्यालय डाँडाको टुप्पोमा छ। कक्षा पाँचमा बीस जना विद्यार्थी छौँ। गुरुआमा हामीलाई कथा सुनाउनुहुन्छ र गणितका हिसाब सिकाउनुहुन्छ।',
      'खाजा खाने बेलामा हामी चौरमा खेल्छौँ। पुस्तकालयमा रङ्गीचङ्गी चित्र भएका किताब छन्। ज्ञान बाँड्दा घट्दैन, बढ्छ भनेर गुरुबाले भन्नुहुन्छ।',
    ],
  },
  {
    title: 'पाठ ३: खोला र पुल',
    paragraphs: [
      'गाउँको बीचबाट सानो खोला बग्छ। वर्षामा खोलामा धेरै पानी आउँछ। पहिले मानिसहरू ढुङ्गामा टेकेर खोला तर्थे र कहिलेकाहीँ लड्थे।',
      'गत वर्ष गाउँलेहरू मिलेर काठको पुल बनाए। कसैले काठ ल्याए, कसैले डोरी बाटे, कसैले खाना पकाए। सबैको श्रमले बनेको पुल देख्दा हामीलाई गर्व लाग्छ।',
    ],
  },
  {
    title: 'पाठ ४: चाडपर्व',
    paragraphs: [
      'दसैँमा टाढा बस्ने दाजुभाइ र दिदीबहिनी घर फर्कन्छन्। ठूला मान्छेले टीका लगाइदिएर आशीर्वाद दिन्छन्।',
      'तिहारमा घरघरमा दियो बालिन्छ। कुकुर, गाई र कागलाई पनि सम्मान गरिन्छ। भाइटीकाको दिन दिदीबहिनीले दाजुभाइलाई सप्तरङ्गी टीका लगाइदिन्छन्।',
    ],
  },
];

export const EXERCISES: string[] = [
  '१. बिहान आमा र बुबा के के गर्नुहुन्छ?',
  '२. तिम्रो विद्यालयमा के के छन्? पाँच वाक्यमा लेख।',
  '३. गाउँलेहरूले पुल किन बनाए?',
  '४. ‘ज्ञान’, ‘श्रम’ र ‘पुस्तक’ शब्द प्रयोग गरेर एक एक वाक्य बनाऊ।',
];

/** मेरो नेपाली, कक्षा ५: a title page, the four lessons, the exercises. */
export const READER_5: Block[][] = [
  [
    { kind: 'title', text: 'मेरो नेपाली' },
    { kind: 'h', text: 'कक्षा ५ (नमुना)' },
    { kind: 'p', text: 'यो पुस्तक खोज एपको नमुना हो। यसका सबै पाठ खोज टोलीले नमुनाका लागि लेखेका हुन्; यो कुनै साँचो पाठ्यपुस्तक होइन।' },
    { kind: 'small', text: `Mero Nepali, Grade 5 (sample). ${CC0}` },
  ],
  ...LESSONS.map((l) => [{ kind: 'h', text: l.title } as Block, ...l.paragraphs.map((text): Block => ({ kind: 'p', text }))]),
  [{ kind: 'h', text: 'अभ्यास' }, ...EXERCISES.map((text): Block => ({ kind: 'p', text }))],
];

/** मेरो नेपाली, कक्षा २: a title page and two short lessons. */
export const READER_2: Block[][] = [
  [
    { kind: 'title', text: 'मेरो नेपाली' },
    { kind: 'h', text: 'कक्षा २ (नमुना)' },
    { kind: 'small', text: `Mero Nepali, Grade 2 (sample). ${CC0}` },
  ],
  [
    { kind: 'h', text: 'पाठ १: हाम्रो घर' },
    { kind: 'p', text: 'हाम्रो घर सानो छ। घरको छेउमा आँपको रूख छ। रूखमा चराहरू गीत गाउँछन्।' },
    { kind: 'p', text: 'घरमा हजुरआमा, आमा, बुबा, दिदी र म छौँ। हामी सँगै बसेर खाना खान्छौँ।' },
  ],
  [
    { kind: 'h', text: 'पाठ २: बगैँचा' },
    { kind: 'p', text: 'बगैँचामा रातो, पहेँलो र सेतो फूल फुल्छन्। पुतली फूलमा बस्छ। म बिरुवामा पानी हाल्छु।' },
  ],
];

/** Each lesson of the grade 5 reader as a file of its own (the record's chapter files). */
export const CHAPTERS: Block[][][] = LESSONS.slice(0, 2).map((l) => [
  [{ kind: 'h', text: l.title } as Block, ...l.paragraphs.map((text): Block => ({ kind: 'p', text })), { kind: 'small', text: CC0 }],
]);

/** A model question paper. */
export const QUESTION_PAPER: Block[][] = [
  [
    { kind: 'h', text: 'नमुना प्रश्नपत्र २०८२' },
    { kind: 'p', text: 'विषय: नेपाली     कक्षा: ११     समय: ४५ मिनेट     पूर्णाङ्क: २०' },
    { kind: 'p', text: 'सबै प्रश्नको उत्तर लेख।' },
    { kind: 'p', text: '१. ‘खोला र पुल’ पाठको सारांश पाँच वाक्यमा लेख। (५)' },
    { kind: 'p', text: '२. तलका शब्दको अर्थ लेख: सबेरै, श्रम, झुल्किनु। (३)' },
    { kind: 'p', text: '३. तिम्रो गाउँ वा टोलमा मनाइने कुनै एक चाडको वर्णन गर। (७)' },
    { kind: 'p', text: '४. ‘ज्ञान बाँड्दा बढ्छ’ भन्ने भनाइको अर्थ उदाहरणसहित लेख। (५)' },
    { kind: 'small', text: `Model question paper (sample). ${CC0}` },
  ],
];

/** अनौठो फल, a short story for the EPUB. */
export const STORY = {
  title: 'अनौठो फल',
  chapters: [
    {
      title: 'पहिलो भाग: बीउ',
      paragraphs: [
        'एक दिन सानी मायाले बाटोमा एउटा अनौठो बीउ भेटी। बीउ नीलो थियो र घामको उज्यालोमा टल्किन्थ्यो।',
        'मायाले बीउ घर ल्याई र आँगनको कुनामा रोपी। हजुरबुबाले भन्नुभयो, “धैर्य गर, नानी। राम्रो कुरा बढ्न समय लाग्छ।”',
      ],
    },
    {
      title: 'दोस्रो भाग: बिरुवा',
      paragraphs: [
        'मायाले हरेक बिहान बिरुवामा पानी हाली। वर्षा आयो, बिरुवा बढ्यो। पातहरू ठूला र चिल्ला भए।',
        'छिमेकका केटाकेटी हेर्न आए। “यो कस्तो बोट हो?” सबैले सोधे। मायालाई पनि थाहा थिएन।',
      ],
    },
    {
      title: 'तेस्रो भाग: फल',
      paragraphs: [
        'शरद ऋतुमा बोटमा एउटा मात्र फल लाग्यो। त्यो फल सुन्तलाजस्तो गोलो तर आकाशजस्तो नीलो थियो।',
        'मायाले फल काटेर सबै साथीलाई एक एक केस्रा बाँडी। फल मीठो थियो, र यसका बीउ गाउँभरि रोपिए। अब हरेक आँगनमा एउटा नीलो बोट छ।',
      ],
    },
  ],
};

/** The audio lessons: सरगम (the notes सा रे ग म प ध नि), as tones. */
export const AUDIO_LESSONS = [
  { file: 'sargam-aaroha.wav', chapter: 1, name: 'सरगम: आरोह', notes: [0, 1, 2, 3, 4, 5, 6, 7] },
  { file: 'sargam-awaroha.wav', chapter: 2, name: 'सरगम: अवरोह', notes: [7, 6, 5, 4, 3, 2, 1, 0] },
  { file: 'sano-dhun.wav', chapter: 3, name: 'एउटा सानो धुन', notes: [0, 0, 4, 4, 5, 5, 4, 3, 3, 2, 2, 1, 1, 0] },
];
