/// The twenty-four solar terms with their names, usual dates and descriptions.
///
/// Descriptions are written for wallgen: one or two sentences on what each fortnight
/// means for the weather and the farm year. Usual dates are the two days each term
/// most often begins on in 2000-2099 in UTC+8 (the zone of the Traditional Chinese
/// calendar), as computed by SolarTermCalendar; 立春 now falls on February 3 or 4, not
/// the 4 or 5 of older almanacs. A test recomputes them.
enum SolarTermCatalog {
    static let terms: [SolarTerm] = [
        term(
            1, "立春", "立春", "lìchūn", "Beginning of Spring", 2, [3, 4],
            "立春是二十四節氣之首，東風解凍，萬物開始復甦。農家整理田地、準備春耕，一年的農事由此展開。",
            "The first of the twenty-four terms: east winds thaw the ground and life stirs again. Farmers ready their fields for spring ploughing, and the year's work begins."
        ),
        term(
            2, "雨水", "雨水", "yǔshuǐ", "Rain Water", 2, [18, 19],
            "天氣回暖，降雪漸少，雨水開始增多。細雨滋潤土壤，正是麥田追肥、果樹修剪的時節。",
            "The air warms, snow gives way to rain, and showers grow more frequent. Gentle rain softens the soil: time to feed the wheat and prune the orchards."
        ),
        term(
            3, "驚蟄", "惊蛰", "jīngzhé", "Awakening of Insects", 3, [5, 6],
            "春雷乍響，驚醒了在土中冬眠的蟲類。氣溫快速回升，各地進入春耕大忙。",
            "The first spring thunder wakes the insects that wintered underground. Temperatures climb quickly and spring ploughing gets busy everywhere."
        ),
        term(
            4, "春分", "春分", "chūnfēn", "Spring Equinox", 3, [20, 21],
            "這一天晝夜等長，太陽直射赤道，此後白晝漸長。桃李盛開，南方開始播種早稻。",
            "Day and night are equal as the Sun stands over the equator; from now on the days grow longer. Peach and plum trees bloom, and early rice is sown in the south."
        ),
        term(
            5, "清明", "清明", "qīngmíng", "Pure Brightness", 4, [4, 5],
            "天氣清朗，草木明淨，處處一片生機。人們踏青、掃墓，農家則忙於春耕春種。",
            "Clear skies and bright, fresh greenery everywhere. People walk out in the spring air and tend their ancestors' graves, while farmers plough and sow."
        ),
        term(
            6, "穀雨", "谷雨", "gǔyǔ", "Grain Rain", 4, [19, 20],
            "雨生百穀，降雨明顯增加，最利於穀類生長。這是春季最後一個節氣，牡丹盛開，秧苗初插。",
            "Rain brings forth the hundred grains: rainfall rises sharply, just what young crops need. The last term of spring, when peonies bloom and rice seedlings go into the paddies."
        ),
        term(
            7, "立夏", "立夏", "lìxià", "Beginning of Summer", 5, [5, 6],
            "夏季由此開始，氣溫明顯升高，雷雨增多。農作物進入旺盛生長期，田間管理更加繁忙。",
            "Summer begins: temperatures rise markedly and thunderstorms become more common. Crops enter their most vigorous growth, and there is more work in the fields."
        ),
        term(
            8, "小滿", "小满", "xiǎomǎn", "Grain Buds", 5, [20, 21],
            "夏熟作物的籽粒開始飽滿，但尚未成熟，所以叫小滿。南方雨量增多，江河漸滿。",
            "The grain of the summer crops begins to fill out but is not yet ripe, only a lesser fullness. In the south rain increases and the rivers run high."
        ),
        term(
            9, "芒種", "芒种", "mángzhòng", "Grain in Ear", 6, [5, 6],
            "有芒的麥子成熟待收，有芒的稻子正好播種，是一年中最忙的農時。梅雨季節也隨之到來。",
            "Bearded wheat is ripe for harvest while bearded rice is being planted: the busiest farming time of the year. The plum rains arrive as well."
        ),
        term(
            10, "夏至", "夏至", "xiàzhì", "Summer Solstice", 6, [20, 21],
            "一年之中白晝最長、黑夜最短的一天，太陽直射北回歸線。此後天氣愈加炎熱，雷陣雨頻繁。",
            "The longest day and the shortest night of the year, with the Sun over the Tropic of Cancer. From here the heat deepens and afternoon thunderstorms are frequent."
        ),
        term(
            11, "小暑", "小暑", "xiǎoshǔ", "Minor Heat", 7, [6, 7],
            "暑是炎熱的意思，小暑表示天氣開始炎熱，但還沒到最熱的時候。作物生長迅速，需要及時灌溉除草。",
            "Shǔ means heat: the hot season has started but has not yet peaked. Crops grow fast and need timely watering and weeding."
        ),
        term(
            12, "大暑", "大暑", "dàshǔ", "Major Heat", 7, [22, 23],
            "一年中最炎熱的時期，高溫潮濕，雷雨頻繁。農作物生長最快，也最需要防旱防澇。",
            "The hottest time of the year, humid and stormy. Crops grow fastest now, and need guarding against both drought and flood."
        ),
        term(
            13, "立秋", "立秋", "lìqiū", "Beginning of Autumn", 8, [7, 8],
            "秋季由此開始，暑氣雖未全消，早晚已漸漸涼爽。秋收作物進入成熟的關鍵時期。",
            "Autumn begins: the summer heat lingers, but mornings and evenings turn cooler. Autumn crops enter the critical weeks before ripening."
        ),
        term(
            14, "處暑", "处暑", "chǔshǔ", "End of Heat", 8, [22, 23],
            "處是終止的意思，表示炎熱的暑天即將結束。天高氣爽，稻穀漸熟，農家準備秋收。",
            "Chǔ means to end: the heat of summer is drawing to a close. Skies are high and clear, grain ripens, and farmers prepare for the harvest."
        ),
        term(
            15, "白露", "白露", "báilù", "White Dew", 9, [7, 8],
            "夜晚氣溫下降，清晨草木上凝結白色露珠。秋意漸濃，正是秋收秋種的時節。",
            "Nights cool and white dew forms on the grass at dawn. Autumn deepens: the season of harvesting, and of sowing for the year to come."
        ),
        term(
            16, "秋分", "秋分", "qiūfēn", "Autumn Equinox", 9, [22, 23],
            "晝夜再次等長，此後白天漸短，天氣轉涼。稻穀金黃，秋收、秋耕、秋種同時進行。",
            "Day and night are equal once more; after today the days shorten and the air cools. Rice turns gold, and harvesting, ploughing and sowing go on side by side."
        ),
        term(
            17, "寒露", "寒露", "hánlù", "Cold Dew", 10, [7, 8],
            "露水更冷，將要凝結成霜，氣溫明顯下降。菊花盛開，鴻雁南飛，晚熟作物陸續收成。",
            "The dew is colder, close to turning into frost, and temperatures drop noticeably. Chrysanthemums bloom, wild geese fly south, and the late crops are brought in."
        ),
        term(
            18, "霜降", "霜降", "shuāngjiàng", "Frost's Descent", 10, [22, 23],
            "天氣漸冷，開始降霜，是秋季最後一個節氣。楓葉轉紅，農家抓緊收穫與儲藏，準備過冬。",
            "It grows cold and the first frost falls: the last term of autumn. Maple leaves turn red, and farmers hurry to bring in and store the harvest before winter."
        ),
        term(
            19, "立冬", "立冬", "lìdōng", "Beginning of Winter", 11, [6, 7],
            "冬季由此開始，草木凋零，萬物收藏。農家收好莊稼、修整農具，準備度過寒冬。",
            "Winter begins: plants wither and all things are stored away. Farmers finish bringing in the crops and mend their tools for the cold months."
        ),
        term(
            20, "小雪", "小雪", "xiǎoxuě", "Minor Snow", 11, [21, 22],
            "氣溫降到零度上下，北方開始下雪，但雪量不大。人們醃菜、儲糧，做好禦寒的準備。",
            "Temperatures hover around freezing and the first light snow falls in the north. People pickle vegetables, store grain and make ready for the cold."
        ),
        term(
            21, "大雪", "大雪", "dàxuě", "Major Snow", 12, [6, 7],
            "降雪更多更大，地面開始積雪。瑞雪覆蓋麥田，保暖防凍，預示來年豐收。",
            "Snow falls more heavily and begins to lie on the ground. A blanket of snow keeps the winter wheat warm and promises a good harvest next year."
        ),
        term(
            22, "冬至", "冬至", "dōngzhì", "Winter Solstice", 12, [21, 22],
            "一年之中黑夜最長、白晝最短的一天，太陽直射南回歸線。此後白晝漸長，家家團聚吃湯圓。",
            "The longest night and the shortest day of the year, with the Sun over the Tropic of Capricorn. From now on the days lengthen, and families gather to eat tangyuan."
        ),
        term(
            23, "小寒", "小寒", "xiǎohán", "Minor Cold", 1, [5, 6],
            "天氣寒冷，但還未到最冷的時候。正值數九寒天，要注意防寒保暖，照顧好越冬作物。",
            "Bitterly cold, though not yet the coldest. In these deep weeks of winter people keep warm and protect the crops that overwinter in the fields."
        ),
        term(
            24, "大寒", "大寒", "dàhán", "Major Cold", 1, [19, 20],
            "一年中最寒冷的時期，冰天雪地，天寒地凍。大寒過後便是立春，新的一年即將開始。",
            "The coldest time of the year, a world of ice and snow. After Major Cold comes the Beginning of Spring, and the cycle of the year begins again."
        ),
    ]

    /// Longitudes follow from the order: 立春 at 315°, then 15° more for each term.
    private static func term(
        _ number: Int, _ name: String, _ simplified: String, _ pinyin: String, _ english: String,
        _ month: Int, _ days: [Int], _ description: String, _ englishDescription: String
    ) -> SolarTerm {
        SolarTerm(
            number: number, name: name, simplifiedName: simplified, pinyin: pinyin, englishName: english,
            longitude: (315 + 15 * (number - 1)) % 360, usualMonth: month, usualDays: days,
            chineseDescription: description, englishDescription: englishDescription)
    }
}
