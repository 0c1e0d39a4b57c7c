/// The calendar zone, Asia/Taipei, as the tz database (2025b) records it: local mean
/// time until 1896, UTC+8 since (UTC+9 from 1937 to 1945), with daylight saving in 19
/// summers from 1946 to 1979.
///
/// Held here rather than read from the machine so that the almanac's dates, cards and
/// schedules are the same on every machine, with or without a tz database;
/// `ZoneDatabaseTests` checks it against the system's file.
extension Zone {
    static let taipei = Zone(
        name: "Asia/Taipei",
        transitions: [
            -2_335_248_360, -1_017_820_800, -766_224_000, -745_833_600, -733_827_600, -716_889_600, -699_613_200,
            -683_884_800,
            -670_669_200, -652_348_800, -639_133_200, -620_812_800, -607_597_200, -589_276_800, -576_061_200,
            -562_924_800,
            -541_760_400, -528_710_400, -510_224_400, -497_174_400, -478_688_400, -465_638_400, -449_830_800,
            -434_016_000,
            -418_208_400, -402_480_000, -386_672_400, -370_944_000, -355_136_400, -339_408_000, -323_600_400,
            -302_515_200,
            -291_978_000, -270_979_200, -260_442_000, 133_977_600, 149_785_200, 165_513_600, 181_321_200, 299_606_400,
            307_551_600,
        ],
        transitionOffsets: [
            1, 2, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3,
            1, 3, 1, 3, 1,
        ],
        offsets: [
            ZoneOffset(secondsEast: 29160, abbreviation: "LMT", isDaylightSaving: false),
            ZoneOffset(secondsEast: 28800, abbreviation: "CST", isDaylightSaving: false),
            ZoneOffset(secondsEast: 32400, abbreviation: "JST", isDaylightSaving: false),
            ZoneOffset(secondsEast: 32400, abbreviation: "CDT", isDaylightSaving: true),
            ZoneOffset(secondsEast: 28800, abbreviation: "CST", isDaylightSaving: false),
        ],
        rule: PosixZoneRule("CST-8"))
}
