/// The term year: the cycle of the 24 terms from 立春 to 大寒, as the app ordered them.
///
/// It straddles two calendar years: 小寒 and 大寒, the last two terms of a term year's
/// winter, fall in the following January. So the winter of 2026 is 立冬, 小雪, 大雪 and
/// 冬至 of 2026, then 小寒 and 大寒 of January 2027.
extension SolarTerm {
    /// The calendar year in which this term of `termYear` begins.
    public func calendarYear(inTermYear termYear: Int) -> Int {
        number >= 23 ? termYear + 1 : termYear
    }
}
