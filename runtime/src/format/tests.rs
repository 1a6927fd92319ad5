//! CPython-oracle test tables for the `format` module.
//!
//! Every expected string below was produced by running CPython 3.11.7;
//! `"!Kind:message"` means CPython raised that exception.

use super::*;
use num_bigint::BigInt;

type PercentFloatCase = (
    f64,
    PercentFlags,
    Option<usize>,
    Option<usize>,
    char,
    &'static str,
);
type PercentIntCase = (
    &'static str,
    PercentFlags,
    Option<usize>,
    Option<usize>,
    char,
    &'static str,
);
type PadCase = (
    &'static str,
    Option<usize>,
    Option<usize>,
    bool,
    &'static str,
);

fn show(r: Result<String, FormatError>) -> String {
    match r {
        Ok(s) => s,
        Err(e) => format!("!{}", e).replacen(": ", ":", 1),
    }
}

/// (value, spec, expected)
#[rustfmt::skip]
const FLOAT_FORMAT: &[(f64, &str, &str)] = &[
    (1.0, "", "1.0"),
    (1e+16, "", "1e+16"),
    (1e+16, "#", "1.e+16"),
    (123.0, ".3", "1.23e+02"),
    (1.0, ".0", "1e+00"),
    (0.0, "#g", "0.00000"),
    (-0.0, "z.1f", "0.0"),
    (-0.0001, "z.1f", "0.0"),
    (-0.0, "z", "0.0"),
    (-0.0, "zg", "0"),
    (-0.0, "z%", "0.000000%"),
    (0.1, ".30f", "0.100000000000000005551115123126"),
    (2.675, ".2f", "2.67"),
    (1e+300, ".20e", "1.00000000000000005250e+300"),
    (f64::INFINITY, "010", "0000000inf"),
    (f64::INFINITY, "010,", "0000000inf"),
    (f64::NAN, "+", "+nan"),
    (f64::NEG_INFINITY, "=+10", "-      inf"),
    (1234.5, "010,.2f", "001,234.50"),
    (1234567.891, ",.2f", "1,234,567.89"),
    (1234567.891, "_.3f", "1_234_567.891"),
    (1234567.891, ",g", "1.23457e+06"),
    (1234567.891, ",e", "1.234568e+06"),
    (0.5, "%", "50.000000%"),
    (0.125, ".1%", "12.5%"),
    (1e-07, "", "1e-07"),
    (1e-05, "", "1e-05"),
    (0.0001, "", "0.0001"),
    (123456789.0, "n", "1.23457e+08"),
    (1.5, "d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (1.5, "x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (1.5, ".2147483648f", "!ValueError:precision too big"),
    (1.5, ".99999999999999999999f", "!ValueError:Too many decimal digits in format string"),
    (1.5, "abc", "!ValueError:Invalid format specifier 'abc' for object of type 'float'"),
    (1.5, ",_", "!ValueError:Cannot specify both ',' and '_'."),
    (1.5, ",n", "!ValueError:Cannot specify ',' with 'n'."),
    (1.5, ".", "!ValueError:Format specifier missing precision"),
    (1.5, "=^10", "===1.5===="),
    (1.5, "*^11.3e", "*1.500e+00*"),
    (-1.5, "€<9", "-1.5€€€€€"),
    (1e+22, "f", "10000000000000000000000.000000"),
    (5e-324, ".3e", "4.941e-324"),
    (5e-324, "", "5e-324"),
    (2.2250738585072014e-308, "g", "2.22507e-308"),
    (1.7976931348623157e+308, "G", "1.79769E+308"),
    (0.000123, "G", "0.000123"),
    (1e-10, "F", "0.000000"),
    (f64::INFINITY, "F", "INF"),
    (f64::NAN, "E", "NAN"),
    (-f64::NAN, "", "nan"),
    (100000.0, ".6", "1e+05"),
    (100000.0, "g", "100000"),
    (1000000.0, "g", "1e+06"),
    (1000000.0, "#g", "1.00000e+06"),
    (1.0, "#.0e", "1.e+00"),
    (1.0, "#.0f", "1."),
    (12345.678, ".1g", "1e+04"),
    (9.5, ".0f", "10"),
    (10.5, ".0f", "10"),
    (0.05, ".1f", "0.1"),
    (0.15, ".1f", "0.1"),
    (0.25, ".1f", "0.2"),
    (0.35, ".1f", "0.3"),
    (-1234.5, "+012,.1f", "-0,001,234.5"),
    (1234.5, " 012_.1f", " 0_001_234.5"),
    (1234.5, "08,", "01,234.5"),
    (1234.5, "0=9,", "001,234.5"),
    (1.5, "0<8", "1.500000"),
    (1.5, "x>08", "xxxxx1.5"),
    (f64::NAN, "08.2f", "00000nan"),
    (123.456, ".2147483647e", "1e+02"),
    (1.0, "١٠", "       1.0"),
    (1.0, ".١f", "1.0"),
    (1e+17, "+,", "+1e+17"),
    (-995584.0, "+#20F", "      -995584.000000"),
    (451.70520289303045, "", "451.70520289303045"),
    (832539671010.6, "=-g", "8.3254e+11"),
    (7.649580016637154e+18, "s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-9.548508409040584e-107, "1", "-9.548508409040584e-107"),
    (8.928107471530137e-101, "16g", "    8.92811e-101"),
    (76.48315, "24G", "                 76.4831"),
    (-60032115.964571, ".14", "-60032115.964571"),
    (-1.1296017671138481e+60, "#27,g", "               -1.12960e+60"),
    (0.375, "x>+.10x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (38160.31589880297, "0.17d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (664489808985.587, "zF", "664489808985.587036"),
    (-387.2267593335082, "0F", "-387.226759"),
    (140.56114049036046, "<6", "140.56114049036046"),
    (-3.4930869024800737e+18, "+13__.20d", "!ValueError:Invalid format specifier '+13__.20d' for object of type 'float'"),
    (535902365.826, "x> .3", " 5.36e+08"),
    (-9.303645, "<4n", "-9.30364"),
    (1e+17, "€=25,.0E", "€€€€€€€€€€€€€€€€€€€€1E+17"),
    (656494.0, "_>+#30", "_____________________+656494.0"),
    (-9.6253683184922e-48, " #.6E", "-9.625368E-48"),
    (939.6265536762312, "+.20F", "+939.62655367623119673226"),
    (-4.043236739032173e+86, "^ 10,_G", "!ValueError:Cannot specify both ',' and '_'."),
    (0.375, "#017e", "000003.750000e-01"),
    (9.070052706339739e+134, "30.2G", "                      9.1E+134"),
    (-5.808561344790869e-291, "d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (681.4370444934757, "0.4", "681.4"),
    (151902.0, "😀^-.6", "1.51902e+05"),
    (1234567890123456.0, " 016", " 1234567890123456.0"),
    (278.2216926130943, ",>.1d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (-681.0645384843378, "22E", "         -6.810645E+02"),
    (920.1576339297183, "-.6f", "920.157634"),
    (98862211.5, "24E", "            9.886221E+07"),
    (8.486156052498561e+18, ".30E", "8.486156052498561024000000000000E+18"),
    (-2602.735, "+0,.2g", "-2.6e+03"),
    (25.81742488738505, "013n", "00000025.8174"),
    (2.4488832212162054e-175, " .6g", " 2.44888e-175"),
    (3545258247378282.5, " n", " 3.54526e+15"),
    (6.834253712324789e-304, "29s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (7370.355, ".30", "7370.35499999999956344254314899"),
    (-0.710365, " #24x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (-2.5, ",e", "-2.500000e+00"),
    (-7.087915485636079e-07, "+#", "-7.087915485636079e-07"),
    (1.4811425770035349e-52, "0<,", "1.4811425770035349e-52"),
    (-6.387948371943214e-13, ">19", "-6.387948371943214e-13"),
    (8559952740634325.0, " .5f", " 8559952740634325.00000"),
    (0.5, "021.6E", "0000000005.000000E-01"),
    (-910.0386790135049, "+g", "-910.039"),
    (9007199254740992.0, "é^017.5", "ééé9.0072e+15éééé"),
    (1e-05, "+.56e", "+1.00000000000000008180305391403130954586231382563710212708e-05"),
    (1.5, "0.0f", "2"),
    (1.2345678901234568e+16, "026d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (-4.434517294997829e-134, " G", "-4.43452E-134"),
    (7618880568993.58, "F", "7618880568993.580078"),
    (704.3285823599351, "😀^z021_", "😀😀704.3285823599351😀😀"),
    (0.5, "€<z12n", "0.5€€€€€€€€€"),
    (54320.0, "__", "!ValueError:Cannot specify '_' with '_'."),
    (0.6096035, "#,.0x", "!ValueError:Cannot specify ',' with 'x'."),
    (-4378.725, " 29%", "              -437872.500000%"),
    (-40.60431638148225, ".17g", "-40.604316381482249"),
    (474122.0, "19f", "      474122.000000"),
    (-2.90771934137136e-231, "_<2E", "-2.907719E-231"),
    (-544120.0, "-zF", "-544120.000000"),
    (351200675.475, "23.17", "     351200675.47500002"),
    (592.4637552839679, "-zs", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-1.3274423417120858e-255, "%", "-0.000000%"),
    (5.7296472852671615e+239, "#n", "5.72965e+239"),
    (-3.3028147115992855e+179, "+25", " -3.3028147115992855e+179"),
    (-185343.0, "-#.5", "-1.8534e+05"),
    (8.781089, "12.3", "        8.78"),
    (2.3779703740675785e-181, "0^#_d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (-793.6603019457922, "#15F", "    -793.660302"),
    (-908483.5, "😀^028.10", "😀😀😀😀😀😀😀😀😀-908483.5😀😀😀😀😀😀😀😀😀😀"),
    (-7.589881824580878e-144, "0s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-5.5217866474773946e-154, ".10", "-5.521786647e-154"),
    (-883.1401983979353, "15,f", "    -883.140198"),
    (-77511.45, "-#,_f", "!ValueError:Cannot specify both ',' and '_'."),
    (396.6974952290868, "<0e", "3.966975e+02"),
    (724295.0, "+23.6g", "                +724295"),
    (-713.4419131099794, "z16,.10s", "!ValueError:Cannot specify ',' with 's'."),
    (-9842.05, "=,", "-9,842.05"),
    (-591.8585, "16_.5g", "         -591.86"),
    (0.8896673, "= f", " 0.889667"),
    (-6.632567922055106e-211, ">4.10", "-6.632567922e-211"),
    (1e+22, "#.1x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (0.3585, "z0,", "0.3585"),
    (-0.28742, "0.0", "-0.3"),
    (-1.9463523897330505e-28, "012x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (6.392595, ">18_.2F", "              6.39"),
    (2.2250738585072014e-308, "20%", "           0.000000%"),
    (-1.3914020255331871e-220, "+02", "-1.3914020255331871e-220"),
    (-394965.0, " 020s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-2.949550350410744e-254, "24n", "           -2.94955e-254"),
    (2623.654, ".17d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (1.0, "030f", "00000000000000000000001.000000"),
    (97222913148500.1, "g", "9.72229e+13"),
    (944535844414.4967, "4.5e", "9.44536e+11"),
    (0.5, "+027_F", "+000_000_000_000_000.500000"),
    (f64::NAN, "<17f", "nan              "),
    (-9.671631185406766e-39, "17s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-4.194084137597578e+16, "#25__n", "!ValueError:Invalid format specifier '#25__n' for object of type 'float'"),
    (78084.15, "0", "78084.15"),
    (-3.2007163384640367e-40, "_^#0.5n", "-3.2007e-40"),
    (3.762759915907949e-188, "#12", "3.762759915907949e-188"),
    (-811.9448858929645, "-#0.3d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (962.9418515733491, "+029E", "+00000000000000009.629419E+02"),
    (670.996123037261, "28%", "               67099.612304%"),
    (1e+23, "27n", "                      1e+23"),
    (581.7564729397061, " #.30d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (9999999000000000.0, "#06,_.10", "!ValueError:Cannot specify both ',' and '_'."),
    (-27.9935, "+.30s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-7.299946312595817e+249, "€=+27.1G", "-€€€€€€€€€€€€€€€€€€€€7E+249"),
    (718.7687980558571, " <-#f", "718.768798"),
    (-605.1484311694053, "😀<29d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (0.015, "😀<+#14n", "+0.0150000😀😀😀😀"),
    (-853.0430913680586, " 0", "-853.0430913680586"),
    (-0.4534775, "", "-0.4534775"),
    (4.767657902196987e+19, "-.0e", "5e+19"),
    (-40476.0, "-_.6", "-40_476.0"),
    (-488.39134348306646, "-z.6d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (-2.5, ",_g", "!ValueError:Cannot specify both ',' and '_'."),
    (220.3565, " #15_.10x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (-36483351977.1, " .30s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (853.8273016315395, "z9e", "8.538273e+02"),
    (767.2745, "😀=z#09", "😀767.2745"),
    (-1.745371805890829e+169, "^-#0.5", "-1.7454e+169"),
    (0.25, "z0.17F", "0.25000000000000000"),
    (60239.5, "<13x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (3.5369581258638694e+132, "13G", " 3.53696E+132"),
    (209.85300316111352, "_=14.20f", "209.85300316111352003645"),
    (-2.8281205077779713e-226, "> #0__.17n", "!ValueError:Invalid format specifier '> #0__.17n' for object of type 'float'"),
    (-2.7951019940812194e+168, "+#0G", "-2.79510E+168"),
    (-5324.105, "30", "                     -5324.105"),
    (0.2203775, "=018,", "00,000,000.2203775"),
    (-718.2807004098383, "😀^0,.2F", "-718.28"),
    (0.015, "-z14.2d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (-228140.5, "15,", "     -228,140.5"),
    (-6344.975, "021.6g", "-00000000000006344.98"),
    (-470680.0, "#03G", "-470680."),
    (507849.0, "12F", "507849.000000"),
    (1.2115690901149913e-123, "0,_G", "!ValueError:Cannot specify both ',' and '_'."),
    (590.1905621653534, "z,_.6%", "!ValueError:Cannot specify both ',' and '_'."),
    (-1.5533102637226887e-108, "029x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (-145185.88083878, " 21,n", "!ValueError:Cannot specify ',' with 'n'."),
    (-7.155397708205439e-293, "__.10n", "!ValueError:Invalid format specifier '__.10n' for object of type 'float'"),
    (-1.3534827977671992e-281, "+11.5x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (f64::NEG_INFINITY, " ,n", "!ValueError:Cannot specify ',' with 'n'."),
    (1.5e-05, "4.3F", "0.000"),
    (299.19394667709, "^+12g", "  +299.194  "),
    (-328.3575, ",>s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (1.2472739208177396e+16, "0G", "1.24727E+16"),
    (-2.3281417188589475e-171, "-z#.2f", "0.00"),
    (-1.2030682988442959e-256, "5.1", "-1e-256"),
    (0.5, "24_e", "            5.000000e-01"),
    (-820.4809705381047, "0.0F", "-820"),
    (72265.75, "025.6s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (153.45417742027507, "", "153.45417742027507"),
    (3.295271812353431e-15, "_^#0.5F", "0.00000"),
    (-3.925425, "z.3E", "-3.925E+00"),
    (-0.0, ",<17.34n", "-0,,,,,,,,,,,,,,,"),
    (-99.77315, "^0.6F", "-99.773150"),
    (123456789.0, "-e", "1.234568e+08"),
    (-290210.5, "-16__", "!ValueError:Cannot specify '_' with '_'."),
    (-7.766782856012597e+275, "E", "-7.766783E+275"),
    (-12.882456589942194, "-.17", "-12.882456589942194"),
    (45.92814828, "z.5", "45.928"),
    (42.09405, ",<1", "42.09405"),
    (2.0614073192356574e-61, "é<", "2.0614073192356574e-61"),
    (-1.9267791784605522e+298, "=021__n", "!ValueError:Invalid format specifier '=021__n' for object of type 'float'"),
    (-2.624870905468511e-294, "27f", "                  -0.000000"),
    (-5.462585, "<_e", "-5.462585e+00"),
    (-7681179.02014, ".2e", "-7.68e+06"),
    (2.1410722609052636e+222, "-", "2.1410722609052636e+222"),
    (978496.0, "08.1n", "0001e+06"),
    (4.35, ".10F", "4.3500000000"),
    (-87.8575, "z#09_", "-087.8575"),
    (-657.7366309145667, ".20g", "-657.73663091456671737"),
    (0.313, "x<+.3%", "+31.300%"),
    (8.771583867384667e-170, ".3%", "0.000%"),
    (48.06435, "-#019.6e", "00000004.806435e+01"),
    (0.0, "__F", "!ValueError:Invalid format specifier '__F' for object of type 'float'"),
    (0.035, "16.17f", "0.03500000000000000"),
    (-583.4571491792871, " >-z16.0n", "          -6e+02"),
    (885954242.0, "_=z0.3e", "8.860e+08"),
    (-931.8425, "<14", "-931.8425     "),
    (0.2348175, "^x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (-24554564204.5, "=-3", "-24554564204.5"),
    (2.380618589091754e+18, " .3n", " 2.38e+18"),
    (1234.5678, "*<#14%", "123456.780000%"),
    (356.21534991341036, "0,.2", "3.6e+02"),
    (-178.665, "+16_n", "!ValueError:Cannot specify '_' with 'n'."),
    (5e-324, ">-s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (-1.270012307530288e-294, "#", "-1.270012307530288e-294"),
    (1561162.96, ",=7", "1561162.96"),
    (27759.15, " #.17f", " 27759.15000000000145519"),
    (f64::NEG_INFINITY, "😀^z#,_G", "!ValueError:Cannot specify both ',' and '_'."),
    (872.7090158129463, " f", " 872.709016"),
    (-533.709341906472, "_x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (f64::NAN, "é^.0", "nan"),
    (9524.65, "é^.10E", "9.5246500000E+03"),
    (1409.345, "z,_x", "!ValueError:Cannot specify both ',' and '_'."),
    (839329106857900.5, "z", "839329106857900.5"),
    (-964.9858622028347, "1,d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (6.21216896693393e+176, "0,_n", "!ValueError:Cannot specify both ',' and '_'."),
    (-932957741561.8411, "=f", "-932957741561.841064"),
    (0.0, "<#11_F", "0.000000   "),
    (2.7801501473615056e+295, "E", "2.780150E+295"),
    (-895569.0, "0", "-895569.0"),
    (-38175.0, "16s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (9.86476099951838e+16, "é=26G", "ééééééééééééééé9.86476E+16"),
    (0.0, "😀=+0x", "!ValueError:Unknown format code 'x' for object of type 'float'"),
    (3.290347456214171e+16, "_>-8g", "3.29035e+16"),
    (-0.0701, "#0F", "-0.070100"),
    (9007199254740992.0, "012.10", "9.007199255e+15"),
    (-460337.0, "0.6s", "!ValueError:Unknown format code 's' for object of type 'float'"),
    (0.125, " f", " 0.125000"),
    (4.899060777643012e+276, "z22.20g", "4.8990607776430124789e+276"),
    (47.97397274249742, "1%", "4797.397274%"),
    (2.275874853355348e+49, "> .30G", " 2.27587485335534803840834466945E+49"),
    (2.2250738585072014e-308, "x=5_.34", "2.225073858507201383090232717332404e-308"),
    (1e+22, "6d", "!ValueError:Unknown format code 'd' for object of type 'float'"),
    (3086183842918430.5, "12,.1g", "       3e+15"),
    (456059.0, "+21.5n", "          +4.5606e+05"),
    (5.685859749715199e-109, "+.25e", "+5.6858597497151989238987949e-109"),
    (5.29165664566771e+16, "^", "5.29165664566771e+16"),
    (1e-05, "> z8", "   1e-05"),
    (-315.9965, ".6e", "-3.159965e+02"),
];

#[test]
fn float_format_matches_cpython() {
    for &(x, spec, want) in FLOAT_FORMAT {
        let got = show(parse_format_spec_for(spec, "float").and_then(|s| format_float(x, &s)));
        assert_eq!(got, want, "format({:?}, {:?})", x, spec);
    }
}

/// (value, spec, expected)
#[rustfmt::skip]
const INT_FORMAT: &[(&str, &str, &str)] = &[
    ("1234", "08,", "0,001,234"),
    ("1234", "0=8,", "0,001,234"),
    ("1234", "010,", "00,001,234"),
    ("1234", "09,", "0,001,234"),
    ("-1234", "010,", "-0,001,234"),
    ("255", "#x", "0xff"),
    ("255", "#X", "0XFF"),
    ("255", "#o", "0o377"),
    ("255", "#b", "0b11111111"),
    ("-255", "#010x", "-0x00000ff"),
    ("255", "_x", "ff"),
    ("4294967295", "_x", "ffff_ffff"),
    ("4294967296", "#_b", "0b1_0000_0000_0000_0000_0000_0000_0000_0000"),
    ("1099511627776", "_o", "20_0000_0000_0000"),
    ("1000000000000", ",", "1,000,000,000,000"),
    ("1000000000000", "_", "1_000_000_000_000"),
    ("1000000000000", ",x", "!ValueError:Cannot specify ',' with 'x'."),
    ("1000000000000", ",n", "!ValueError:Cannot specify ',' with 'n'."),
    ("65", "c", "A"),
    ("65", "05c", "0000A"),
    ("65", "^5c", "  A  "),
    ("128512", "c", "😀"),
    ("-1", "c", "!OverflowError:%c arg not in range(0x110000)"),
    ("1114112", "c", "!OverflowError:%c arg not in range(0x110000)"),
    ("1180591620717411303424", "c", "!OverflowError:Python int too large to convert to C long"),
    ("65", "+c", "!ValueError:Sign not allowed with integer format specifier 'c'"),
    ("65", "#c", "!ValueError:Alternate form (#) not allowed with integer format specifier 'c'"),
    ("65", ",c", "!ValueError:Cannot specify ',' with 'c'."),
    ("1", ".2", "!ValueError:Precision not allowed in integer format specifier"),
    ("1", "z", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("1", "zd", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("1", ".2q", "!ValueError:Unknown format code 'q' for object of type 'int'"),
    ("1", "q", "!ValueError:Unknown format code 'q' for object of type 'int'"),
    ("1", "\u{1}", "!ValueError:Unknown format code '\\x1' for object of type 'int'"),
    ("1", "é", "!ValueError:Unknown format code '\\xe9' for object of type 'int'"),
    ("1", "\u{7f}", "!ValueError:Unknown format code '\u{7f}' for object of type 'int'"),
    ("1", ", ", "!ValueError:Cannot specify ',' with '\\x20'."),
    ("1", ",\u{80}", "!ValueError:Cannot specify ',' with '\\x80'."),
    ("1", ",,", "!ValueError:Cannot specify ',' with ','."),
    ("1", "__", "!ValueError:Cannot specify '_' with '_'."),
    ("1", ",_", "!ValueError:Cannot specify both ',' and '_'."),
    ("1", "_,", "!ValueError:Cannot specify both ',' and '_'."),
    ("1", "abc", "!ValueError:Invalid format specifier 'abc' for object of type 'int'"),
    ("1", "010n", "0000000001"),
    ("1", "", "1"),
    ("-5", " ", "-5"),
    ("5", " ", " 5"),
    ("5", "+", "+5"),
    ("-5", "-", "-5"),
    ("5", "<05", "50000"),
    ("5", "x<05", "5xxxx"),
    ("5", "^06", "005000"),
    ("5", "=+6", "+    5"),
    ("5", "١٠", "         5"),
    ("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "e", "!OverflowError:int too large to convert to float"),
    ("10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "f", "!OverflowError:int too large to convert to float"),
    ("9007199254740993", ".0f", "9007199254740992"),
    ("179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792", "e", "!OverflowError:int too large to convert to float"),
    ("179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791", ".3e", "1.798e+308"),
    ("12345", "%", "1234500.000000%"),
    ("12345", ".2%", "1234500.00%"),
    ("7", "F", "7.000000"),
    ("-7", "+.3G", "-7"),
    ("0", "#b", "0b0"),
    ("0", "#o", "0o0"),
    ("0", "x", "0"),
    ("123456789", "_", "123_456_789"),
    ("123456789", "0=15_", "000_123_456_789"),
    ("123456789", "*^+20,", "****+123,456,789****"),
    ("-123456789", "€>15,", "€€€-123,456,789"),
    ("100000000000000000000", "n", "100000000000000000000"),
    ("-1", "-z0%", "-100.000000%"),
    ("-231123", "3__.6G", "!ValueError:Invalid format specifier '3__.6G' for object of type 'int'"),
    ("65", "<019,.2", "!ValueError:Precision not allowed in integer format specifier"),
    ("-613640", "é> z29X", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("-437059", "+#", "-437059"),
    ("-847415", "+02g", "-847415"),
    ("91", " _%", " 9_100.000000%"),
    ("908020897694469010291", "0,", "908,020,897,694,469,010,291"),
    ("-261658", ",=0f", "-261658.000000"),
    ("-870648", "z24X", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("549316", "+__e", "!ValueError:Invalid format specifier '+__e' for object of type 'int'"),
    ("-982971", " ", "-982971"),
    ("9223372036854775808", "z#15.3", "!ValueError:Precision not allowed in integer format specifier"),
    ("43", "=n", "43"),
    ("614103", "+#17__.0x", "!ValueError:Invalid format specifier '+#17__.0x' for object of type 'int'"),
    ("399713", "#_.3g", "4.00e+05"),
    ("-120841", " 024", "-00000000000000000120841"),
    ("89", ">#022.2o", "!ValueError:Precision not allowed in integer format specifier"),
    ("1", "25f", "                 1.000000"),
    ("936795437586872637962", ",", "936,795,437,586,872,637,962"),
    ("1000000", "_>28.1q", "!ValueError:Unknown format code 'q' for object of type 'int'"),
    ("-310965", "28,_.2", "!ValueError:Cannot specify both ',' and '_'."),
    ("856963471460485042865", "€=_.17o", "!ValueError:Precision not allowed in integer format specifier"),
    ("-981762", "x> #21__", "!ValueError:Cannot specify '_' with '_'."),
    ("-932834065954882113195", "=22g", "-          9.32834e+20"),
    ("-611794", "*= 7,_x", "!ValueError:Cannot specify both ',' and '_'."),
    ("-24622", "0,n", "!ValueError:Cannot specify ',' with 'n'."),
    ("791727267416120873880", "_.17g", "7.9172726741612089e+20"),
    ("-613350598341467700648", "é^ 11", "-613350598341467700648"),
    ("1057016114864053015354", "^.17", "!ValueError:Precision not allowed in integer format specifier"),
    ("805910523475814534584", "#.6f", "805910523475814514688.000000"),
    ("-9223372036854775808", "-29d", "         -9223372036854775808"),
    ("323923", "0n", "323923"),
    ("1000000000000000000000000000000", "<2,", "1,000,000,000,000,000,000,000,000,000,000"),
    ("-32703", "5X", "-7FBF"),
    ("366536", "+15.39q", "!ValueError:Unknown format code 'q' for object of type 'int'"),
    ("129", "#30n", "                           129"),
    ("65", "z24F", "               65.000000"),
    ("-1", "0", "-1"),
    ("9223372036854775808", "^0,.17s", "!ValueError:Cannot specify ',' with 's'."),
    ("2", "-021", "000000000000000000002"),
    ("-9223372036854775808", "#0.5E", "-9.22337E+18"),
    ("1171269412075257871827", "€<0.3X", "!ValueError:Precision not allowed in integer format specifier"),
    ("-801321", "€>.3o", "!ValueError:Precision not allowed in integer format specifier"),
    ("65", "15", "             65"),
    ("648778", "-1,c", "!ValueError:Cannot specify ',' with 'c'."),
    ("-305689", ".13s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("-694933136405951266879", "#.5g", "-6.9493e+20"),
    ("59", "x", "3b"),
    ("-111217013372961435734", "+11.20g", "-1.1121701337296143974e+20"),
    ("-219676", "0s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("-890487", ",_.3o", "!ValueError:Cannot specify both ',' and '_'."),
    ("38605341857370013081", ">#1s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("-317778", " z013s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("92552", "x^4,", "92,552"),
    ("547811715761412306394", "+#20g", "        +5.47812e+20"),
    ("-349702", "25_.5", "!ValueError:Precision not allowed in integer format specifier"),
    ("1150055894083953042658", ",>.26E", "1.15005589408395309875200000E+21"),
    ("-978939", "z1x", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("-200421", "= 15G", "-        200421"),
    ("552398", "_< 0E", " 5.523980E+05"),
    ("1000000000000000000000000000000", "0=-4.17", "!ValueError:Precision not allowed in integer format specifier"),
    ("314802", " z0,.10b", "!ValueError:Cannot specify ',' with 'b'."),
    ("186664", "#0.2x", "!ValueError:Precision not allowed in integer format specifier"),
    ("793549", "x>17%", "x79354900.000000%"),
    ("-119108", "16.3x", "!ValueError:Precision not allowed in integer format specifier"),
    ("47", ",^#5.10f", "47.0000000000"),
    ("512608215400472207449", " #E", " 5.126082E+20"),
    ("171", "0X", "AB"),
    ("0", "€^5x", "€€0€€"),
    ("918237", "02g", "918237"),
    ("142", "=#4G", "142.000"),
    ("1000000", " 3.30", "!ValueError:Precision not allowed in integer format specifier"),
    ("104", "+z,_", "!ValueError:Cannot specify both ',' and '_'."),
    ("-807395", "n", "-807395"),
    ("79339", "07.0d", "!ValueError:Precision not allowed in integer format specifier"),
    ("1146358712454703925319", ",=-#c", "!ValueError:Sign not allowed with integer format specifier 'c'"),
    ("130523", "+012", "+00000130523"),
    ("-566250", "z25__", "!ValueError:Cannot specify '_' with '_'."),
    ("712840", "<z27", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("-931692", " >0.10", "!ValueError:Precision not allowed in integer format specifier"),
    ("645163", ",_.39%", "!ValueError:Cannot specify both ',' and '_'."),
    ("-798457", "=+20g", "-             798457"),
    ("613260", "^#026e", "00000006.132600e+050000000"),
    ("387347", "#,.10X", "!ValueError:Cannot specify ',' with 'X'."),
    ("195", " .5", "!ValueError:Precision not allowed in integer format specifier"),
    ("477675", ">0", "477675"),
    ("-56973109781046878059", "0.3%", "-5697310978104688115712.000%"),
    ("-1", "012__.20s", "!ValueError:Invalid format specifier '012__.20s' for object of type 'int'"),
    ("592236274684535361547", "e", "5.922363e+20"),
    ("19", " .17c", "!ValueError:Precision not allowed in integer format specifier"),
    ("-512711", "=10", "-   512711"),
    ("212830", "04E", "2.128300E+05"),
    ("106", "+__x", "!ValueError:Invalid format specifier '+__x' for object of type 'int'"),
    ("70390", "+0s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("1", " ^#9__g", "!ValueError:Invalid format specifier ' ^#9__g' for object of type 'int'"),
    ("131", "#.20", "!ValueError:Precision not allowed in integer format specifier"),
    ("161", "05G", "00161"),
    ("1114112", "€=+.1g", "+1e+06"),
    ("-706370", "24,.17%", "-70,637,000.00000000000000000%"),
    ("-770408", "z30b", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("119802", "#25", "                   119802"),
    ("194754", "#20.3E", "           1.948E+05"),
    ("1114111", "_<020,e", "1.114111e+06________"),
    ("143", "^ 26,_", "!ValueError:Cannot specify both ',' and '_'."),
    ("-512991984612779325374", "#c", "!ValueError:Alternate form (#) not allowed with integer format specifier 'c'"),
    ("-906667", "x^20__o", "!ValueError:Invalid format specifier 'x^20__o' for object of type 'int'"),
    ("-247220", "28F", "              -247220.000000"),
    ("9223372036854775808", ".2b", "!ValueError:Precision not allowed in integer format specifier"),
    ("-865866128449577666555", "_", "-865_866_128_449_577_666_555"),
    ("1000000000000000000000000000000", "018g", "00000000000001e+30"),
    ("411234", "29o", "                      1443142"),
    ("127091", "E", "1.270910E+05"),
    ("19", "z30", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("-449760", "21,F", "      -449,760.000000"),
    ("9223372036854775808", "-0E", "9.223372E+18"),
    ("-551041057743992946286", "z,_X", "!ValueError:Cannot specify both ',' and '_'."),
    ("-227606257445936485604", "2", "-227606257445936485604"),
    ("141526", "+0e", "+1.415260e+05"),
    ("-58908", "^012c", "!OverflowError:%c arg not in range(0x110000)"),
    ("1000000000000000000000000000000", "^8.0e", " 1e+30  "),
    ("-846363", " 12c", "!ValueError:Sign not allowed with integer format specifier 'c'"),
    ("-122474", ">1.5f", "-122474.00000"),
    ("-934233", "z#0", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("937363068530247844455", "7,x", "!ValueError:Cannot specify ',' with 'x'."),
    ("33860", "16,q", "!ValueError:Cannot specify ',' with 'q'."),
    ("18446744073709551616", "26,_.5g", "!ValueError:Cannot specify both ',' and '_'."),
    ("612859", " 027.30E", " 6.128590000000000000000000000000E+05"),
    ("997171957155616461597", "027.10", "!ValueError:Precision not allowed in integer format specifier"),
    ("134787796210221834712", "=0d", "134787796210221834712"),
    ("418670", "__.0", "!ValueError:Invalid format specifier '__.0' for object of type 'int'"),
    ("1000000000000000000000000000000", "x^z.7G", "1E+30"),
    ("1000000", "#19.58n", "!ValueError:Precision not allowed in integer format specifier"),
    ("-1137439531157712200337", "_e", "-1.137440e+21"),
    ("-1024719586118950514604", "+1X", "-378CD74A60CD58EFAC"),
    ("130011", "😀>+#4b", "+0b11111101111011011"),
    ("-1046893425814807238930", "-z", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("-1234", "2n", "-1234"),
    ("-425499", "-1.3", "!ValueError:Precision not allowed in integer format specifier"),
    ("608612", "-25__", "!ValueError:Cannot specify '_' with '_'."),
    ("-441279", "#13s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("302063", "+21G", "              +302063"),
    ("702781", ",^-z027.5e", ",,,,,,,,7.02781e+05,,,,,,,,"),
    ("17403963146148162812", "z0,X", "!ValueError:Cannot specify ',' with 'X'."),
    ("1", "024e", "0000000000001.000000e+00"),
    ("836099458524090768625", "^z11.3F", "836099458524090728448.000"),
    ("-899333", "é^019b", "-11011011100100000101"),
    ("65", "^+3d", "+65"),
    ("989196", "16s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("379387", "+13,X", "!ValueError:Cannot specify ',' with 'X'."),
    ("361082", "7,_.5", "!ValueError:Cannot specify both ',' and '_'."),
    ("170", "😀=+06x", "+😀😀😀aa"),
    ("97", "+#22,_g", "!ValueError:Cannot specify both ',' and '_'."),
    ("-411530", "#26s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("691894869887579162869", " 27", "      691894869887579162869"),
    ("318040046992480169608", " %", " 31804004699248013606912.000000%"),
    ("-73817282854724932111", "22.3", "!ValueError:Precision not allowed in integer format specifier"),
    ("1000000", "= z1o", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("1000000000000000000000000000000", ">18.10f", "1000000000000000019884624838656.0000000000"),
    ("252020", "z#.5f", "252020.00000"),
    ("143719", "+", "+143719"),
    ("826782", "17s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("-1", " = #.0", "!ValueError:Precision not allowed in integer format specifier"),
    ("1114112", "+#.3x", "!ValueError:Precision not allowed in integer format specifier"),
    ("-148816", "> ", "-148816"),
    ("-889748280328181608333", "> #18_o", "-0o1403_5674_7055_7273_7426_7615"),
    ("707462", "é>,X", "!ValueError:Cannot specify ',' with 'X'."),
    ("47568", "#0,.30", "!ValueError:Precision not allowed in integer format specifier"),
    ("497946896775098069263", "^z#g", "4.97947e+20"),
    ("652055522342994362709", "__n", "!ValueError:Invalid format specifier '__n' for object of type 'int'"),
    ("-799351330332171576759", "08_e", "-7.993513e+20"),
    ("-854114", "x^12.20s", "!ValueError:Unknown format code 's' for object of type 'int'"),
    ("-258114828199548827371", "*>o", "-33770200513111705433353"),
    ("582748373102673288725", "", "582748373102673288725"),
    ("9223372036854775808", "<z#29f", "9223372036854775808.000000   "),
    ("11", "> 0F", " 11.000000"),
    ("63", ">.20", "!ValueError:Precision not allowed in integer format specifier"),
    ("49", " f", " 49.000000"),
    ("-255", " ^5c", "!OverflowError:%c arg not in range(0x110000)"),
    ("78", "0b", "1001110"),
    ("1", "=-z#24,_n", "!ValueError:Cannot specify both ',' and '_'."),
    ("-418479338955693236970", "00", "-418479338955693236970"),
    ("936160", ",=#016f", ",,,936160.000000"),
    ("1052566145548388449662", "23f", "1052566145548388401152.000000"),
    ("5", "^-#_x", "0x5"),
    ("-937505", "😀=+#,n", "!ValueError:Cannot specify ',' with 'n'."),
    ("32073", "#.20E", "3.20730000000000000000E+04"),
    ("558114", "< 21.2E", " 5.58E+05            "),
    ("-321023", ">6__.48", "!ValueError:Invalid format specifier '>6__.48' for object of type 'int'"),
    ("195", "17.30c", "!ValueError:Precision not allowed in integer format specifier"),
    ("672354", "x>", "672354"),
    ("844501", "", "844501"),
    ("57", "_.1c", "!ValueError:Cannot specify '_' with 'c'."),
    ("143", "8f", "143.000000"),
    ("1234", "> .20n", "!ValueError:Precision not allowed in integer format specifier"),
    ("1234", "10_.1x", "!ValueError:Precision not allowed in integer format specifier"),
    ("-564920", "-020", "-0000000000000564920"),
    ("275711", "02.2E", "2.76E+05"),
    ("-9223372036854775808", "z29.5G", "                  -9.2234E+18"),
    ("1", "19X", "                  1"),
    ("-990299914570498991670", ".2c", "!ValueError:Precision not allowed in integer format specifier"),
    ("-547558", ",", "-547,558"),
    ("-832767", "z", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("175044", "+18.3", "!ValueError:Precision not allowed in integer format specifier"),
    ("-241385285293496811758", "2F", "-241385285293496827904.000000"),
    ("-977800", "_<-#028,_c", "!ValueError:Cannot specify both ',' and '_'."),
    ("500181", "_=11_q", "!ValueError:Cannot specify '_' with 'q'."),
    ("474761", "06,", "474,761"),
    ("960759091537663929315", "_.0g", "1e+21"),
    ("-698269", "+#f", "-698269.000000"),
    ("216050", "0g", "216050"),
    ("838007", "#4E", "8.380070E+05"),
    ("60745", "é^13__F", "!ValueError:Invalid format specifier 'é^13__F' for object of type 'int'"),
    ("-587056070092758894274", "13,.30", "!ValueError:Precision not allowed in integer format specifier"),
    ("-9223372036854775808", "-5", "-9223372036854775808"),
    ("334301999572290641649", "z8_b", "!ValueError:Negative zero coercion (z) not allowed in integer format specifier"),
    ("201486", " 022x", " 00000000000000003130e"),
    ("-111203", "014,_f", "!ValueError:Cannot specify both ',' and '_'."),
    ("1043593972041219378008", "😀=.10X", "!ValueError:Precision not allowed in integer format specifier"),
    ("178779", "0,f", "178,779.000000"),
    ("690016330526352718757", "z027.14E", "00000006.90016330526353E+20"),
    ("-123461", "#,.2s", "!ValueError:Cannot specify ',' with 's'."),
    ("150886", ",>.30e", "1.508860000000000000000000000000e+05"),
    ("1", "1,f", "1.000000"),
    ("255499350641859332077", ",<", "255499350641859332077"),
    ("381881412297167819912", "030.11G", "0000000000000003.818814123E+20"),
    ("155", ".6e", "1.550000e+02"),
    ("-255", "d", "-255"),
    ("-540796", "30n", "                       -540796"),
];

#[test]
fn int_format_matches_cpython() {
    for &(v, spec, want) in INT_FORMAT {
        let v: BigInt = v.parse().unwrap();
        let got = show(parse_format_spec_for(spec, "int").and_then(|s| format_int(&v, &s)));
        assert_eq!(got, want, "format({}, {:?})", v, spec);
    }
}

#[test]
fn bool_type_name_in_messages() {
    let v = BigInt::from(1);
    let got = show(parse_format_spec_for("q", "bool").and_then(|s| format_int_for(&v, &s, "bool")));
    assert_eq!(
        got,
        "!ValueError:Unknown format code 'q' for object of type 'bool'"
    );
    let got =
        show(parse_format_spec_for("qq", "bool").and_then(|s| format_int_for(&v, &s, "bool")));
    assert_eq!(
        got,
        "!ValueError:Invalid format specifier 'qq' for object of type 'bool'"
    );
}

/// (value, spec, expected)
#[rustfmt::skip]
const STR_FORMAT: &[(&str, &str, &str)] = &[
    ("ab", "05", "ab000"),
    ("ab", ">05", "000ab"),
    ("ab", "=5", "!ValueError:'=' alignment not allowed in string format specifier"),
    ("ab", "+", "!ValueError:Sign not allowed in string format specifier"),
    ("ab", " ", "!ValueError:Space not allowed in string format specifier"),
    ("ab", "-", "!ValueError:Sign not allowed in string format specifier"),
    ("ab", "#", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("ab", "z", "!ValueError:Negative zero coercion (z) not allowed in string format specifier"),
    ("ab", ",", "!ValueError:Cannot specify ',' with 's'."),
    ("ab", "_", "!ValueError:Cannot specify '_' with 's'."),
    ("ab", "d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("ab", ",d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("ab", ".1", "a"),
    ("ab", ".0", ""),
    ("héllo", ".3", "hél"),
    ("日本語", "^9", "   日本語   "),
    ("日本語", "*^8.2", "***日本***"),
    ("ab", "😀>5", "😀😀😀ab"),
    ("ab", "x^5", "xabxx"),
    ("ab", "^^5", "^ab^^"),
    ("ab", "abc", "!ValueError:Invalid format specifier 'abc' for object of type 'str'"),
    ("ab", ".", "!ValueError:Format specifier missing precision"),
    ("ab", "99999999999999999999", "!ValueError:Too many decimal digits in format string"),
    ("ab", "<", "ab"),
    ("ab", "s", "ab"),
    ("ab", "10s", "ab        "),
    ("ab", "\u{0}<4", "ab\u{0}\u{0}"),
    ("xxxxxxxxxxxx", "014d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("hello world", "x^ 20.3", "!ValueError:Space not allowed in string format specifier"),
    ("", "15.25d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("a", "=#0_.6d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("xxxxxxxxxxxx", "#17,d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("hello world", "5", "hello world"),
    ("héllo", "-0,_.5d", "!ValueError:Cannot specify both ',' and '_'."),
    ("héllo", "z,.1d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("😀😀", " =_.0", "!ValueError:Cannot specify '_' with 's'."),
    ("hello world", "-z", "!ValueError:Sign not allowed in string format specifier"),
    ("a", " 14", "!ValueError:Space not allowed in string format specifier"),
    ("abc", " 0.6", "!ValueError:Space not allowed in string format specifier"),
    ("hello world", "", "hello world"),
    ("xxxxxxxxxxxx", "*^00,d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("hello world", "d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("abc", "6.0d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("a", " 011_s", "!ValueError:Cannot specify '_' with 's'."),
    ("日本語テキスト", "+011", "!ValueError:Sign not allowed in string format specifier"),
    ("😀😀", " ", "!ValueError:Space not allowed in string format specifier"),
    ("héllo", "#23__s", "!ValueError:Invalid format specifier '#23__s' for object of type 'str'"),
    ("a", "😀<4", "a😀😀😀"),
    ("a", " _.49", "!ValueError:Cannot specify '_' with 's'."),
    ("xxxxxxxxxxxx", "#s", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("😀😀", ".3s", "😀😀"),
    ("xxxxxxxxxxxx", "=+#07d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("", "-", "!ValueError:Sign not allowed in string format specifier"),
    ("hello world", "+#15", "!ValueError:Sign not allowed in string format specifier"),
    ("日本語テキスト", "27", "日本語テキスト                    "),
    ("héllo", "-s", "!ValueError:Sign not allowed in string format specifier"),
    ("hello world", "29.20", "hello world                  "),
    ("abc", "0_s", "!ValueError:Cannot specify '_' with 's'."),
    ("xxxxxxxxxxxx", "-#0,_", "!ValueError:Cannot specify both ',' and '_'."),
    ("a", "_= 15", "!ValueError:Space not allowed in string format specifier"),
    ("xxxxxxxxxxxx", "^-z#5_", "!ValueError:Cannot specify '_' with 's'."),
    ("😀😀", "😀>6.30d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("a", ">+0_.6", "!ValueError:Cannot specify '_' with 's'."),
    ("a", " z.5", "!ValueError:Space not allowed in string format specifier"),
    ("xxxxxxxxxxxx", " 0s", "!ValueError:Space not allowed in string format specifier"),
    ("héllo", "<26_", "!ValueError:Cannot specify '_' with 's'."),
    ("héllo", ".42", "héllo"),
    ("abc", "6.17", "abc   "),
    ("", ",.30", "!ValueError:Cannot specify ',' with 's'."),
    ("😀😀", ",<#,", "!ValueError:Cannot specify ',' with 's'."),
    ("hello world", "#_", "!ValueError:Cannot specify '_' with 's'."),
    ("😀😀", "é^ .0", "!ValueError:Space not allowed in string format specifier"),
    ("日本語テキスト", "0.2d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("héllo", "2_", "!ValueError:Cannot specify '_' with 's'."),
    ("xxxxxxxxxxxx", "0=#015s", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("hello world", "_>028", "_________________hello world"),
    ("", ">20s", "                    "),
    ("abc", "+0", "!ValueError:Sign not allowed in string format specifier"),
    ("", "15", "               "),
    ("abc", "-z0", "!ValueError:Sign not allowed in string format specifier"),
    ("", "x>4", "xxxx"),
    ("日本語テキスト", "0<.0s", ""),
    ("abc", "=27,_", "!ValueError:Cannot specify both ',' and '_'."),
    ("héllo", "6.2s", "hé    "),
    ("xxxxxxxxxxxx", "z", "!ValueError:Negative zero coercion (z) not allowed in string format specifier"),
    ("abc", ">#5.5", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("a", "16d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("héllo", "-11d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("😀😀", ".30s", "😀😀"),
    ("abc", "<-20", "!ValueError:Sign not allowed in string format specifier"),
    ("hello world", "z9,d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("abc", "=#3,_d", "!ValueError:Cannot specify both ',' and '_'."),
    ("xxxxxxxxxxxx", "s", "xxxxxxxxxxxx"),
    ("", "25s", "                         "),
    ("😀😀", "#25", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("abc", " 3d", "!ValueError:Unknown format code 'd' for object of type 'str'"),
    ("", "_", "!ValueError:Cannot specify '_' with 's'."),
    ("hello world", "0.2s", "he"),
    ("😀😀", "#.10s", "!ValueError:Alternate form (#) not allowed in string format specifier"),
    ("hello world", "=+#9,", "!ValueError:Cannot specify ',' with 's'."),
];

#[test]
fn str_format_matches_cpython() {
    for &(s, spec, want) in STR_FORMAT {
        let got = show(parse_format_spec_for(spec, "str").and_then(|p| format_str(s, &p)));
        assert_eq!(got, want, "format({:?}, {:?})", s, spec);
    }
}

#[test]
fn percent_float_matches_cpython() {
    // (value, flags, width, precision, conversion, expected) for "%<flags><width>.<precision><conv>" % value
    #[rustfmt::skip]
    let cases: &[PercentFloatCase] = &[
        (f64::INFINITY, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), None, 'f', "0000000inf"), // '%010f'
        (f64::NEG_INFINITY, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), None, 'f', "-000000inf"), // '%010f'
        (f64::NAN, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(10), None, 'f', "+000000nan"), // '%+010f'
        (-f64::NAN, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, None, 'f', "+nan"), // '%+f'
        (0.0, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), Some(3), 'g', "0000000000"), // '%010.3g'
        (-0.0, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), Some(3), 'g', "-000000000"), // '%010.3g'
        (1e+300, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(3), 'g', "1e+300"), // '%.3g'
        (1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(0), 'f', "1."), // '%#.0f'
        (1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(0), 'e', "1.e+00"), // '%#.0e'
        (1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'g', "1.00000"), // '%#g'
        (1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(0), 'g', "1"), // '%.0g'
        (1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(0), 'g', "1."), // '%#.0g'
        (0.1, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(30), 'f', "0.100000000000000005551115123126"), // '%.30f'
        (1e+300, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(20), 'e', "1.00000000000000005250e+300"), // '%.20e'
        (2.675, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(2), 'f', "2.67"), // '%.2f'
        (1234.5678, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(12), Some(2), 'E', "+1.23E+03   "), // '%-+12.2E'
        (0.0001234, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'G', "0.0001234"), // '%G'
        (123456789.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'g', "1.23457e+08"), // '%g'
        (f64::INFINITY, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'F', "INF"), // '%F'
        (f64::NAN, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'G', "NAN"), // '%G'
        (3.0, PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), None, 'f', "3.000000  "), // '%-010f'
        (-3.0, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: false }, Some(10), None, 'f', "-03.000000"), // '% 010f'
        (-4e-07, PercentFlags { left: true, zero: true, sign_plus: false, sign_space: true, alternate: false }, Some(11), Some(1), 'G', "-4E-07     "), // '% -011.1G'
        (-680267.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'F', "-680267.000000"), // '%F'
        (-4713352816545.741, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(23), Some(20), 'E', "-4.71335281654574121094E+12"), // '%- 23.20E'
        (-1.15175863887333e-289, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(24), Some(2), 'F', "-00000000000000000000.00"), // '%0+24.2F'
        (1.4576904925356072e+49, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, None, 'g', "+1.45769e+49"), // '%-+g'
        (-420.4471379045915, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, None, 'G', "-420.447"), // '%+ G'
        (-1.5151465196325464e+249, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(12), Some(0), 'g', "-000002e+249"), // '%012.0g'
        (-4064.085, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(6), 'G', "-4064.09"), // '%-.6G'
        (-25257.94837, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, Some(8), Some(10), 'F', "-25257.9483700000"), // '%#+8.10F'
        (-2e-08, PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(1), None, 'G', "-2E-08"), // '%-01G'
        (5.76356561545054e+251, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, Some(17), None, 'g', "    +5.76357e+251"), // '% +17g'
        (0.1974455, PercentFlags { left: true, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, Some(1), 'f', "+0.2"), // '%+-0.1f'
        (7.0, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, None, None, 'e', " 7.000000e+00"), // '% 0#e'
        (496862.0, PercentFlags { left: true, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, Some(1), 'e', "+5.0e+05"), // '%0+-.1e'
        (0.1, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(25), Some(3), 'f', "                    0.100"), // '%#25.3f'
        (637787.0, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: true }, None, None, 'G', "+637787."), // '%0+#G'
        (-113.0414760821343, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, None, 'f', "-113.041476"), // '%-#+f'
        (-174.4, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(10), 'e', "-1.7440000000e+02"), // '%.10e'
        (-305.9325, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(24), Some(10), 'E', "       -3.0593250000E+02"), // '%24.10E'
        (-22717497137.31068, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, Some(1), Some(20), 'G', "-22717497137.310680389"), // '% +1.20G'
        (-856453.0, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'e', "-8.564530e+05"), // '%-e'
        (-183.45505340461705, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, None, 'E', "-1.834551E+02"), // '%#0E'
        (-96.53832584096529, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: true }, None, None, 'E', "-9.653833E+01"), // '% -#E'
        (-5.35151547727741e+138, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, None, 'G', "-5.35152E+138"), // '%+#G'
        (-1.7547227614168134e-261, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(13), Some(6), 'E', "-1.754723E-261"), // '% 13.6E'
        (2.5104818521376394e+159, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'g', "2.51048e+159"), // '%g'
        (0.015, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(24), Some(6), 'G', "                   0.015"), // '% 24.6G'
        (-473.90337929423083, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, None, 'F', "-473.903379"), // '%+0F'
        (-434.2384453466086, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, None, Some(1), 'E', "-4.3E+02"), // '% #.1E'
        (470.906912708582, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(9), None, 'e', "4.709069e+02"), // '%#9e'
        (569544.0, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, Some(1), 'G', "6.E+05"), // '%0#.1G'
        (-0.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'E', "-0.000000E+00"), // '%#E'
        (242369.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(20), 'e', "2.42369000000000000000e+05"), // '%#.20e'
        (-0.0, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: true, alternate: false }, Some(22), Some(2), 'F', "-0.00                 "), // '%+- 22.2F'
        (-7.892363896802986e+19, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(23), None, 'f', "-78923638968029855744.000000"), // '%#023f'
        (582427.0, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, Some(3), 'f', "+582427.000"), // '%+- .3f'
        (-993.5623907759918, PercentFlags { left: true, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, None, 'e', "-9.935624e+02"), // '%+-0e'
        (f64::INFINITY, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, Some(1), 'f', "+inf"), // '%+-#.1f'
        (-348.8905875619283, PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(13), None, 'G', "-348.891     "), // '%-#013G'
        (28.684613062147946, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(3), 'e', "2.868e+01"), // '%.3e'
        (1e+300, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(20), None, 'g', "              1e+300"), // '% 20g'
        (-239.3465975323969, PercentFlags { left: true, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, None, 'E', "-2.393466E+02"), // '% 0-E'
        (0.005, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, None, 'g', "0.00500000"), // '%0#g'
        (-0.4365055, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, Some(3), 'E', "-4.365E-01"), // '%#+.3E'
        (0.0, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'G', "0"), // '%-G'
        (-0.007876, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(11), Some(10), 'g', "  -0.007876"), // '% 11.10g'
        (211.44457316774628, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: true }, None, Some(0), 'G', " 2.E+02"), // '%- #.0G'
        (-3194855591.9899845, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: true }, None, None, 'E', "-3.194856E+09"), // '%+ #E'
        (170.7023097805352, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, Some(3), 'E', "+1.707E+02"), // '%+.3E'
        (-502.14904039077754, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(21), None, 'g', "-0000000000000502.149"), // '%0+21g'
        (1.2594250223839475e+28, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: true, alternate: false }, Some(8), Some(1), 'e', "+1.3e+28"), // '% +-8.1e'
        (7.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'f', "7.000000"), // '%f'
        (-8.086011019174447e+19, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, Some(7), None, 'f', "-80860110191744466944.000000"), // '%#+7f'
        (0.3159495, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(4), None, 'F', "+0.315949"), // '%+4F'
        (-44.950665338306976, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(11), None, 'f', "-44.950665 "), // '%-+11f'
        (-950488.0, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, None, 'E', "-9.504880E+05"), // '%+- E'
        (-119.67416213380307, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(25), Some(1), 'f', "                   -119.7"), // '%25.1f'
        (2905.0407355, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, None, 'G', " 2905.04"), // '% G'
        (-4456.5527752, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(11), None, 'e', "-4.456553e+03"), // '%11e'
        (-1.254735581954572e-180, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, Some(23), Some(0), 'g', "-0000000000000001.e-180"), // '% 0#23.0g'
        (354380.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(7), None, 'e', " 3.543800e+05"), // '% 7e'
        (3423082888443.663, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, None, 'g', "3.42308e+12"), // '%0#g'
        (3.091745372345124e-126, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: true, alternate: false }, None, None, 'G', "+3.09175E-126"), // '%+ 0G'
        (2.675, PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, None, 'f', "+2.675000"), // '%+0f'
        (42.78459393326716, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(23), Some(6), 'g', "000000000000000042.7846"), // '%023.6g'
        (-742034.5, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(14), Some(2), 'F', "    -742034.50"), // '%#14.2F'
        (-912.675418560938, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, Some(24), None, 'f', "             -912.675419"), // '% +24f'
        (1.860434836995048e-29, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'g', "1.86043e-29"), // '%g'
        (-9.779645, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(18), None, 'g', "-9.77965          "), // '%-18g'
        (1e+16, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(19), Some(0), 'F', " 10000000000000000 "), // '% -19.0F'
        (-1.8101151420209882e-197, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(11), Some(0), 'F', "         -0"), // '%11.0F'
        (126319.0, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, Some(1), 'E', "+1.3E+05"), // '%-+.1E'
        (-721.4145747750899, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, None, 'F', "-721.414575"), // '%#0F'
        (-37495604187486.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'F', "-37495604187486.000000"), // '%F'
        (-1.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, Some(10), 'E', "-1.0000000000E+00"), // '% .10E'
        (-0.6115395, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(20), Some(2), 'f', "-0000000000000000.61"), // '%020.2f'
        (974.3102834575607, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(6), Some(20), 'e', "9.74310283457560672105e+02"), // '%-6.20e'
        (-0.0, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, Some(10), 'f', "-0.0000000000"), // '% +.10f'
        (1e-07, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'e', "1.000000e-07"), // '%-e'
        (0.3294435, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, Some(21), None, 'f', "             0.329444"), // '% #21f'
        (833867.5, PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, None, 'E', "+8.338675E+05"), // '%#+E'
        (0.460891, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(13), Some(20), 'f', "0.46089099999999999513"), // '%-13.20f'
        (54598150463190.67, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(1), Some(0), 'G', "5E+13"), // '%1.0G'
        (6.546288365178108e+18, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(5), Some(2), 'g', "6.5e+18"), // '%#05.2g'
        (-1.5363607749792975e-222, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(25), None, 'e', "           -1.536361e-222"), // '%#25e'
        (62.12225, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, None, None, 'E', "6.212225E+01"), // '%#0E'
        (0.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(5), None, 'f', "0.000000"), // '%5f'
        (-0.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(20), None, 'E', "       -0.000000E+00"), // '%20E'
        (55285.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(2), 'E', "5.53E+04"), // '%#.2E'
        (-1.0, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, None, 'e', "-1.000000e+00"), // '% -e'
        (-0.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'f', "-0.000000"), // '%#f'
        (3.4293346874967805e+68, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, Some(21), None, 'g', " 0000000003.42933e+68"), // '%0# 21g'
        (-5530.695, PercentFlags { left: true, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, Some(20), 'E', "-5.53069499999999970896E+03"), // '%+- .20E'
        (3.0671257119890155e-158, PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, None, None, 'f', " 0.000000"), // '%# 0f'
        (-5630.325, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, Some(15), Some(1), 'G', "        -6.E+03"), // '% #15.1G'
        (0.0, PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(25), None, 'F', "                 0.000000"), // '%25F'
        (764960.5, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(16), None, 'G', "764960.         "), // '%-#16G'
        (-2.655467782522444e-83, PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(2), 'g', "-2.7e-83"), // '%-#.2g'
    ];
    for (x, flags, width, precision, conv, want) in cases {
        let got = percent_format_float(*x, *conv, flags, *width, *precision).unwrap();
        assert_eq!(
            &got, want,
            "{:?} {:?} {:?} {:?} {:?}",
            x, flags, width, precision, conv
        );
    }
}

#[test]
fn percent_int_matches_cpython() {
    #[rustfmt::skip]
    let cases: &[PercentIntCase] = &[
        ("255", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(10), None, 'x', "0x000000ff"), // '%#010x'
        ("-255", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(10), None, 'x', "-0x00000ff"), // '%#010x'
        ("255", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(10), None, 'X', "0XFF      "), // '%#-10X'
        ("3", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(5), 'x', "0x00003"), // '%#.5x'
        ("-3", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(5), 'o', "-0o00003"), // '%#.5o'
        ("3", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, Some(5), 'o', "+0o00003"), // '%+#.5o'
        ("3", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(5), 'd', "00003"), // '%.5d'
        ("-3", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(10), Some(5), 'd', "-000000003"), // '%010.5d'
        ("3", PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(8), Some(3), 'd', "+003    "), // '%-+8.3d'
        ("0", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'x', "0x0"), // '%#x'
        ("0", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'o', "0o0"), // '%#o'
        ("0", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(0), 'd', "0"), // '%.0d'
        ("0", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, None, 'i', "+0"), // '%+i'
        ("1000000000000000000000000000000", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, None, 'u', " 1000000000000000000000000000000"), // '% u'
        ("-1000000000000000000000000000000", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'X', "-0XC9F2C9CD04674EDEA40000000"), // '%#X'
        ("-894234793840112527624", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(19), Some(10), 'o', "-0o140750001362157244664410"), // '%0#19.10o'
        ("-255", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(3), Some(1), 'd', "-255"), // '%+03.1d'
        ("-37116137164193499693", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, None, Some(3), 'd', "-37116137164193499693"), // '% 0#.3d'
        ("-261879", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: true, alternate: false }, Some(16), Some(0), 'i', "-000000000261879"), // '% +016.0i'
        ("255", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, Some(1), 'X', "+FF"), // '%+.1X'
        ("554939778653679329821", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, None, Some(10), 'd', " 554939778653679329821"), // '% #.10d'
        ("807016033842856164270", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(23), None, 'd', "  807016033842856164270"), // '%23d'
        ("380824", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: true, alternate: false }, Some(14), Some(10), 'o', " 0001347630   "), // '%- 014.10o'
        ("68", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, Some(3), 'u', "068"), // '%0.3u'
        ("-358304", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(6), None, 'x', "-577a0"), // '%06x'
        ("1114111", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(9), Some(10), 'i', "0001114111"), // '%9.10i'
        ("139", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, Some(17), None, 'X', "             0X8B"), // '%#17X'
        ("407571709294484264861", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(4), None, 'i', "407571709294484264861"), // '%4i'
        ("-1114863119783388113594", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(14), Some(3), 'i', "-1114863119783388113594"), // '%0#-14.3i'
        ("-374006", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(8), None, 'x', "  -5b4f6"), // '%8x'
        ("117", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, Some(1), 'u', " 117"), // '% .1u'
        ("1000000000000000000000000000000", PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(10), Some(1), 'o', "+1447626234640431647336510000000000"), // '%+-10.1o'
        ("871583534119680090538", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: true }, None, Some(0), 'X', "+0X2F3FA6BE6F331621AA"), // '%0+#.0X'
        ("316989809066954280688", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(20), 'X', "00112F1E07DCC6B54EF0"), // '%.20X'
        ("136", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, None, None, 'i', " 136"), // '%# 0i'
        ("1234", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(2), None, 'd', "+1234"), // '%0+2d'
        ("9223372036854775808", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, None, 'u', "9223372036854775808"), // '%0u'
        ("195", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(3), None, 'u', "195"), // '%0-#3u'
        ("-580297940353240262564", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, None, 'u', "-580297940353240262564"), // '%-0u'
        ("744337885337183186838", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(21), None, 'd', "744337885337183186838"), // '%21d'
        ("-713282", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(13), None, 'i', "-000000713282"), // '%013i'
        ("-1076421406474838002019", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: true }, None, None, 'X', "-0X3A5A590E105714C963"), // '%#+ X'
        ("-973056048040091539238", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(2), None, 'd', "-973056048040091539238"), // '% 2d'
        ("-983035", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, None, Some(1), 'd', "-983035"), // '%# 0.1d'
        ("-1", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(4), None, 'd', "  -1"), // '%4d'
        ("198619", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(11), None, 'X', "307DB      "), // '%-11X'
        ("65292", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, Some(3), 'i', "+65292"), // '%+.3i'
        ("-789886", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, Some(2), 'd', "-789886"), // '%0 .2d'
        ("-326426", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, Some(5), None, 'X', "-0X4FB1A"), // '%# 5X'
        ("94", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(5), Some(3), 'x', "0005e"), // '%05.3x'
        ("-567018", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(15), None, 'i', "        -567018"), // '%15i'
        ("133987382324434090056", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: true }, Some(22), Some(20), 'o', "+0o16415626345203026134110"), // '%#+22.20o'
        ("616166", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, Some(17), None, 'u', " 0000000000616166"), // '%0 #17u'
        ("-263389", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(3), None, 'i', "-263389"), // '%3i'
        ("439991992248159563187", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(2), 'i', "439991992248159563187"), // '%#.2i'
        ("707147", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, None, 'u', " 707147"), // '%-0 u'
        ("263471", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(13), None, 'd', "       263471"), // '%13d'
        ("-9223372036854775808", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(20), 'x', "-00008000000000000000"), // '%.20x'
        ("-890931", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, Some(2), 'u', "-890931"), // '%0.2u'
        ("95", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(1), None, 'i', "+95"), // '%+1i'
        ("-1234", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(1), 'u', "-1234"), // '%-.1u'
        ("667288", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, None, 'u', "667288"), // '%0u'
        ("793680277064157284387", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: true }, Some(21), None, 'i', " 793680277064157284387"), // '%# 21i'
        ("-816114", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, None, 'X', "-0XC73F2"), // '%#X'
        ("1093987633448444661364", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, Some(20), 'o', "166470406506645462507164"), // '%.20o'
        ("279812", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(13), Some(0), 'o', "      1042404"), // '%13.0o'
        ("1114111", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'd', "1114111"), // '%-d'
        ("761803329054988035561", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(19), Some(10), 'i', "+761803329054988035561"), // '%+19.10i'
        ("1114111", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(21), None, 'd', "              1114111"), // '%21d'
        ("-97801", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: false }, Some(15), None, 'd', "-97801         "), // '%0-15d'
        ("628250", PercentFlags { left: true, zero: true, sign_plus: true, sign_space: false, alternate: false }, Some(18), Some(3), 'i', "+628250           "), // '%0-+18.3i'
        ("-139541230341796144212", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, Some(6), 'o', "-17102060232627356022124"), // '% 0.6o'
        ("591364", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(12), None, 'o', " 2203004    "), // '% -12o'
        ("-894036916853457717168", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'x', "-3077412f114fca87b0"), // '%x'
        ("-887178526982364232809", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(6), None, 'o', "-140140232235046210076151"), // '%6o'
        ("-1234", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: false, alternate: false }, None, None, 'd', "-1234"), // '%0d'
        ("590323", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(19), Some(20), 'd', "00000000000000590323"), // '%19.20d'
        ("808882", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: true }, Some(2), None, 'u', "+808882"), // '%0#+2u'
        ("-898341", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, Some(16), Some(0), 'o', "        -3332445"), // '% 16.0o'
        ("318690", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(1), None, 'o', "1156342"), // '%1o'
        ("0", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, None, None, 'X', "0"), // '%X'
        ("-660561", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(6), 'x', "-0x0a1451"), // '%-#.6x'
        ("142697", PercentFlags { left: true, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(0), 'X', "0X22D69"), // '%#-.0X'
        ("-1", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: false }, Some(6), Some(2), 'X', "   -01"), // '%6.2X'
        ("630462", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, None, None, 'x', "+99ebe"), // '%+x'
        ("-355320", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: true, alternate: false }, None, Some(0), 'u', "-355320"), // '% +0.0u'
        ("1234", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: false, alternate: true }, None, Some(6), 'd', "001234"), // '%#.6d'
        ("357464194980038988488", PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: true }, None, Some(10), 'i', "+357464194980038988488"), // '%#+-.10i'
        ("63", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, Some(20), 'X', " 0000000000000000003F"), // '%0- .20X'
        ("-9223372036854775808", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(4), None, 'X', "-8000000000000000"), // '%+4X'
        ("65", PercentFlags { left: true, zero: true, sign_plus: false, sign_space: false, alternate: true }, Some(17), None, 'X', "0X41             "), // '%0-#17X'
        ("752938", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(11), None, 'X', "     +B7D2A"), // '%+11X'
        ("1114111", PercentFlags { left: false, zero: false, sign_plus: false, sign_space: true, alternate: false }, None, None, 'X', " 10FFFF"), // '% X'
        ("9223372036854775808", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: true, alternate: false }, None, Some(3), 'o', "+1000000000000000000000"), // '% 0+.3o'
        ("603554", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: true, alternate: false }, None, None, 'i', "+603554"), // '% 0+i'
        ("1114112", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: false }, None, Some(0), 'o', " 4200000"), // '%0 .0o'
        ("-1234", PercentFlags { left: false, zero: true, sign_plus: false, sign_space: true, alternate: true }, Some(2), None, 'i', "-1234"), // '%# 02i'
        ("71240", PercentFlags { left: false, zero: false, sign_plus: true, sign_space: true, alternate: false }, None, None, 'x', "+11648"), // '% +x'
        ("-271341", PercentFlags { left: false, zero: true, sign_plus: true, sign_space: false, alternate: false }, None, None, 'u', "-271341"), // '%0+u'
        ("1102273242866818259238", PercentFlags { left: true, zero: false, sign_plus: true, sign_space: false, alternate: false }, Some(17), Some(1), 'x', "+3bc11d3a4b1e949926"), // '%+-17.1x'
    ];
    for (v, flags, width, precision, conv, want) in cases {
        let v: BigInt = v.parse().unwrap();
        let got = percent_format_int(&v, *conv, flags, *width, *precision).unwrap();
        assert_eq!(
            &got, want,
            "{} {:?} {:?} {:?} {:?}",
            v, flags, width, precision, conv
        );
    }
}

#[test]
fn percent_str_matches_cpython() {
    #[rustfmt::skip]
    let cases: &[PadCase] = &[
        ("", None, None, false, ""),
        ("", Some(5), None, false, "     "),
        ("", Some(5), None, true, "     "),
        ("", None, Some(2), false, ""),
        ("", Some(10), Some(3), false, "          "),
        ("", Some(10), Some(3), true, "          "),
        ("", None, Some(0), false, ""),
        ("", Some(1), None, true, " "),
        ("a", None, None, false, "a"),
        ("a", Some(5), None, false, "    a"),
        ("a", Some(5), None, true, "a    "),
        ("a", None, Some(2), false, "a"),
        ("a", Some(10), Some(3), false, "         a"),
        ("a", Some(10), Some(3), true, "a         "),
        ("a", None, Some(0), false, ""),
        ("a", Some(1), None, true, "a"),
        ("abc", None, None, false, "abc"),
        ("abc", Some(5), None, false, "  abc"),
        ("abc", Some(5), None, true, "abc  "),
        ("abc", None, Some(2), false, "ab"),
        ("abc", Some(10), Some(3), false, "       abc"),
        ("abc", Some(10), Some(3), true, "abc       "),
        ("abc", None, Some(0), false, ""),
        ("abc", Some(1), None, true, "abc"),
        ("héllo", None, None, false, "héllo"),
        ("héllo", Some(5), None, false, "héllo"),
        ("héllo", Some(5), None, true, "héllo"),
        ("héllo", None, Some(2), false, "hé"),
        ("héllo", Some(10), Some(3), false, "       hél"),
        ("héllo", Some(10), Some(3), true, "hél       "),
        ("héllo", None, Some(0), false, ""),
        ("héllo", Some(1), None, true, "héllo"),
        ("日本語テキスト", None, None, false, "日本語テキスト"),
        ("日本語テキスト", Some(5), None, false, "日本語テキスト"),
        ("日本語テキスト", Some(5), None, true, "日本語テキスト"),
        ("日本語テキスト", None, Some(2), false, "日本"),
        ("日本語テキスト", Some(10), Some(3), false, "       日本語"),
        ("日本語テキスト", Some(10), Some(3), true, "日本語       "),
        ("日本語テキスト", None, Some(0), false, ""),
        ("日本語テキスト", Some(1), None, true, "日本語テキスト"),
        ("xxxxxxxxxxxx", None, None, false, "xxxxxxxxxxxx"),
        ("xxxxxxxxxxxx", Some(5), None, false, "xxxxxxxxxxxx"),
        ("xxxxxxxxxxxx", Some(5), None, true, "xxxxxxxxxxxx"),
        ("xxxxxxxxxxxx", None, Some(2), false, "xx"),
        ("xxxxxxxxxxxx", Some(10), Some(3), false, "       xxx"),
        ("xxxxxxxxxxxx", Some(10), Some(3), true, "xxx       "),
        ("xxxxxxxxxxxx", None, Some(0), false, ""),
        ("xxxxxxxxxxxx", Some(1), None, true, "xxxxxxxxxxxx"),
        ("😀😀", None, None, false, "😀😀"),
        ("😀😀", Some(5), None, false, "   😀😀"),
        ("😀😀", Some(5), None, true, "😀😀   "),
        ("😀😀", None, Some(2), false, "😀😀"),
        ("😀😀", Some(10), Some(3), false, "        😀😀"),
        ("😀😀", Some(10), Some(3), true, "😀😀        "),
        ("😀😀", None, Some(0), false, ""),
        ("😀😀", Some(1), None, true, "😀😀"),
        ("hello world", None, None, false, "hello world"),
        ("hello world", Some(5), None, false, "hello world"),
        ("hello world", Some(5), None, true, "hello world"),
        ("hello world", None, Some(2), false, "he"),
        ("hello world", Some(10), Some(3), false, "       hel"),
        ("hello world", Some(10), Some(3), true, "hel       "),
        ("hello world", None, Some(0), false, ""),
        ("hello world", Some(1), None, true, "hello world"),
    ];
    for &(s, width, precision, left, want) in cases {
        assert_eq!(pad_str(s, width, precision, left).unwrap(), want);
    }
}

#[test]
fn repr_matches_cpython() {
    #[rustfmt::skip]
    let cases: &[(f64, &str)] = &[
        (0.0, "0.0"),
        (-0.0, "-0.0"),
        (1.0, "1.0"),
        (-1.0, "-1.0"),
        (0.1, "0.1"),
        (0.30000000000000004, "0.30000000000000004"),
        (1e+16, "1e+16"),
        (1000000000000000.0, "1000000000000000.0"),
        (9999999999999998.0, "9999999999999998.0"),
        (1e-05, "1e-05"),
        (0.0001, "0.0001"),
        (0.0001, "0.0001"),
        (0.00012345, "0.00012345"),
        (1234567890123456.0, "1234567890123456.0"),
        (1.2345678901234568e+16, "1.2345678901234568e+16"),
        (1e+22, "1e+22"),
        (1e+23, "1e+23"),
        (5e-324, "5e-324"),
        (1e-323, "1e-323"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (2.225073858507201e-308, "2.225073858507201e-308"),
        (1.7976931348623157e+308, "1.7976931348623157e+308"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (f64::NAN, "nan"),
        (9007199254740992.0, "9007199254740992.0"),
        (9007199254740994.0, "9007199254740994.0"),
        (9.223372036854776e+18, "9.223372036854776e+18"),
        (1.8446744073709552e+19, "1.8446744073709552e+19"),
        (0.3333333333333333, "0.3333333333333333"),
        (0.6666666666666666, "0.6666666666666666"),
        (100.0, "100.0"),
        (123.456, "123.456"),
        (4.35, "4.35"),
        (2.675, "2.675"),
        (1e+100, "1e+100"),
        (1e-100, "1e-100"),
        (1e+23, "1e+23"),
        (0.3, "0.3"),
        (1.1, "1.1"),
        (1e+17, "1e+17"),
        (3e-05, "3e-05"),
        (299792458.0, "299792458.0"),
        (-330.9185527595979, "-330.9185527595979"),
        (-2.099534725025628e+123, "-2.099534725025628e+123"),
        (3.258442108353955e-28, "3.258442108353955e-28"),
        (782585.49250277, "782585.49250277"),
        (2.09603881865599e+284, "2.09603881865599e+284"),
        (-1.9232358464871384e+223, "-1.9232358464871384e+223"),
        (648.9240385820815, "648.9240385820815"),
        (-182.662598179719, "-182.662598179719"),
        (-360.5683970964666, "-360.5683970964666"),
        (2.2250738585072014e-308, "2.2250738585072014e-308"),
        (740.1835, "740.1835"),
        (4.017995246029543e-308, "4.017995246029543e-308"),
        (-9.735235, "-9.735235"),
        (-0.0, "-0.0"),
        (0.508315, "0.508315"),
        (-4.805565, "-4.805565"),
        (-225.0118500916916, "-225.0118500916916"),
        (-0.0, "-0.0"),
        (-713545.0, "-713545.0"),
        (-0.006, "-0.006"),
        (5e-324, "5e-324"),
        (-2.3843087095187583e+135, "-2.3843087095187583e+135"),
        (-18712181.7640841, "-18712181.7640841"),
        (823.5540449760015, "823.5540449760015"),
        (-5.932205468643785e-286, "-5.932205468643785e-286"),
        (7956.325, "7956.325"),
        (601.4241629854512, "601.4241629854512"),
        (1.2345678901234568e+16, "1.2345678901234568e+16"),
        (-810.8985468611769, "-810.8985468611769"),
        (9.28710506883369e-92, "9.28710506883369e-92"),
        (-181.39041841445498, "-181.39041841445498"),
        (588.8600625096458, "588.8600625096458"),
        (-1.0979899337191512e-119, "-1.0979899337191512e-119"),
        (777169.0, "777169.0"),
        (-225320.5, "-225320.5"),
        (3.25159, "3.25159"),
        (817.0780865491615, "817.0780865491615"),
        (503233.5, "503233.5"),
        (253097.5, "253097.5"),
        (0.0, "0.0"),
        (-924.9741209780109, "-924.9741209780109"),
        (935.3695379368405, "935.3695379368405"),
        (276.29386529848966, "276.29386529848966"),
        (1.6881257817898755e+17, "1.6881257817898755e+17"),
        (1.239810655890826e+268, "1.239810655890826e+268"),
        (976222.0, "976222.0"),
        (15.44575, "15.44575"),
        (-765.0022890675187, "-765.0022890675187"),
        (9007199254740992.0, "9007199254740992.0"),
        (9007199254740994.0, "9007199254740994.0"),
        (925.4908228239574, "925.4908228239574"),
        (14361148.0048887, "14361148.0048887"),
        (2.675, "2.675"),
        (1766.8549, "1766.8549"),
        (1.98e-05, "1.98e-05"),
        (-1.654404560187365e-10, "-1.654404560187365e-10"),
        (0.3577345, "0.3577345"),
        (9.209905717520363e+158, "9.209905717520363e+158"),
        (-985.4345, "-985.4345"),
        (3.25159, "3.25159"),
        (-35696.35, "-35696.35"),
        (872.0151742672631, "872.0151742672631"),
        (-947.3510905906088, "-947.3510905906088"),
        (-1e-300, "-1e-300"),
        (43999950.86375679, "43999950.86375679"),
        (999.9999, "999.9999"),
        (6.621362511764564e-13, "6.621362511764564e-13"),
        (-313.12964209369954, "-313.12964209369954"),
        (-891.989921179765, "-891.989921179765"),
        (-0.5881515, "-0.5881515"),
        (2.3834480680338484e+99, "2.3834480680338484e+99"),
        (-4.5455745692689005e+77, "-4.5455745692689005e+77"),
        (-0.0, "-0.0"),
        (-0.0, "-0.0"),
        (-449118.5, "-449118.5"),
        (1.474615, "1.474615"),
        (-6645.725, "-6645.725"),
        (51.85439, "51.85439"),
        (2.0777313623273578e-212, "2.0777313623273578e-212"),
        (-2.1606296736230172e+170, "-2.1606296736230172e+170"),
        (695685.0, "695685.0"),
        (705.5353881419292, "705.5353881419292"),
        (-732.6729371658291, "-732.6729371658291"),
        (2.2009905954054903e+256, "2.2009905954054903e+256"),
        (24807629348.909653, "24807629348.909653"),
        (-5.055252786757447e+18, "-5.055252786757447e+18"),
        (1.7976931348623157e+308, "1.7976931348623157e+308"),
        (3.714598619643404e+205, "3.714598619643404e+205"),
        (397601.0, "397601.0"),
        (1.3582877712327888e-70, "1.3582877712327888e-70"),
        (-0.0, "-0.0"),
        (0.0001, "0.0001"),
        (0.0, "0.0"),
        (-323.99132133093383, "-323.99132133093383"),
        (-223071.0, "-223071.0"),
        (-5.408098122588218e+248, "-5.408098122588218e+248"),
        (-431.5885, "-431.5885"),
        (31.72823668411661, "31.72823668411661"),
        (1000000.0, "1000000.0"),
        (1.5, "1.5"),
        (-13297.75, "-13297.75"),
        (254714.9, "254714.9"),
        (-479167.5, "-479167.5"),
        (1.3268932108416331e+17, "1.3268932108416331e+17"),
        (-17.92165, "-17.92165"),
        (-1431.4661891831565, "-1431.4661891831565"),
        (9528.985, "9528.985"),
        (2.823202375579752e+68, "2.823202375579752e+68"),
        (-502809.5, "-502809.5"),
        (7.495904320328678e+287, "7.495904320328678e+287"),
        (1.835995816328931e+286, "1.835995816328931e+286"),
        (-634149.0, "-634149.0"),
        (-148413670187496.28, "-148413670187496.28"),
        (2.2705257814376217e-140, "2.2705257814376217e-140"),
        (-233.78024492689303, "-233.78024492689303"),
        (0.375, "0.375"),
        (9999999000000000.0, "9999999000000000.0"),
    ];
    for &(x, want) in cases {
        assert_eq!(float_repr(x), want);
    }
}

#[test]
fn round_matches_cpython() {
    // (x, ndigits, expected); expected errors are written as "!Kind:message".
    #[rustfmt::skip]
    let cases: &[(f64, i64, &str)] = &[
        (2.675, 2, "2.67"),
        (0.5, 0, "0.0"),
        (1.5, 0, "2.0"),
        (2.5, 0, "2.0"),
        (-0.4, 0, "-0.0"),
        (-0.5, 0, "-0.0"),
        (1234.5, -2, "1200.0"),
        (1250.0, -2, "1200.0"),
        (1350.0, -2, "1400.0"),
        (0.125, 2, "0.12"),
        (0.375, 2, "0.38"),
        (1.7976931348623157e+308, -308, "!OverflowError:rounded value too large to represent"),
        (1.7976931348623157e+308, -307, "!OverflowError:rounded value too large to represent"),
        (1e+300, -301, "0.0"),
        (1.5, 400, "1.5"),
        (1.5, -400, "0.0"),
        (-1.5, -400, "-0.0"),
        (5e-324, 323, "0.0"),
        (5e-324, 322, "0.0"),
        (1e-320, 320, "1e-320"),
        (f64::INFINITY, 2, "inf"),
        (f64::NAN, 2, "nan"),
        (0.1, 1, "0.1"),
        (0.05, 1, "0.1"),
        (0.15, 1, "0.1"),
        (0.25, 1, "0.2"),
        (123.456, -1, "120.0"),
        (123.456, 1, "123.5"),
        (-123.456, 2, "-123.46"),
        (1e+22, -22, "1e+22"),
        (5e+22, -23, "0.0"),
        (2.5, 324, "2.5"),
        (2.5, -309, "0.0"),
        (2.5, -308, "0.0"),
        (4.5e+307, -308, "0.0"),
        (9.5e+307, -308, "1e+308"),
        (0.6, 0, "1.0"),
        (-2.5, 0, "-2.0"),
        (0.16006955, 1, "0.2"),
        (0.030379, -3, "0.0"),
        (-9253999.0, -3, "-9254000.0"),
        (-466.1969, 4, "-466.1969"),
        (9.620665500000001, 2, "9.62"),
        (6.908462, -1, "10.0"),
        (4090566.5, 1, "4090566.5"),
        (-2.26593, 0, "-2.0"),
        (63717.14, 2, "63717.14"),
        (-3864494.0, -2, "-3864500.0"),
        (4488108.5, 2, "4488108.5"),
        (4676442.0, -2, "4676400.0"),
        (-0.91548895, 7, "-0.9154889"),
        (-6791.2405, -3, "-7000.0"),
        (0.415118, 0, "0.0"),
        (-0.4620438, -1, "-0.0"),
        (-0.045764245, 2, "-0.05"),
        (-196426.85, 1, "-196426.9"),
        (4.4304714999999995, 7, "4.4304715"),
        (3622968.0, 0, "3622968.0"),
        (-0.015458234999999999, 6, "-0.015458"),
        (1.9083050000000001, 4, "1.9083"),
        (113290.0, -2, "113300.0"),
        (1678.88, -2, "1700.0"),
        (0.6689230500000001, 6, "0.668923"),
        (735020.9500000001, 3, "735020.95"),
        (8.572411500000001, 2, "8.57"),
        (6.91795, 4, "6.918"),
        (0.009791949999999999, 4, "0.0098"),
        (1059.716, 5, "1059.716"),
        (0.08680787499999999, 1, "0.1"),
        (841184.9, -1, "841180.0"),
        (5.8232, -2, "0.0"),
        (565251.55, -1, "565250.0"),
        (-7.8953315, 0, "-8.0"),
        (-0.7781517, 4, "-0.7782"),
        (11.297585, -2, "0.0"),
        (-8.147027, 7, "-8.147027"),
        (0.5938779, 1, "0.6"),
        (-17.57334, 4, "-17.5733"),
        (46296.71, -3, "46000.0"),
        (-8803423.0, -1, "-8803420.0"),
        (-303550.5, 3, "-303550.5"),
        (931.5277, 6, "931.5277"),
        (0.08104158, 1, "0.1"),
        (54775.85, -1, "54780.0"),
        (-3611.6904999999997, 4, "-3611.6905"),
        (-768062.5, 0, "-768062.0"),
        (-12.3484, 1, "-12.3"),
        (7662.976, 5, "7662.976"),
        (0.07096288, 4, "0.071"),
        (86121.445, 3, "86121.445"),
        (92613.59, -3, "93000.0"),
        (907.1039, 6, "907.1039"),
        (-4212195.5, 0, "-4212196.0"),
        (73020.82, 4, "73020.82"),
        (-6523.476, 5, "-6523.476"),
        (-136562.75, 3, "-136562.75"),
        (8361466.5, -1, "8361470.0"),
        (746.1112, 2, "746.11"),
        (-9831209.5, 0, "-9831210.0"),
        (27268.17, -3, "27000.0"),
        (-5082.9335, -3, "-5000.0"),
        (30.964935, -1, "30.0"),
        (-0.4647169, 5, "-0.46472"),
        (55701.75, 0, "55702.0"),
        (9076173.5, -3, "9076000.0"),
        (-70.714165, 3, "-70.714"),
        (94.70261500000001, 3, "94.703"),
        (-727.55225, 4, "-727.5522"),
        (0.7195234500000001, 0, "1.0"),
        (0.01243095, -1, "0.0"),
        (0.02917367, -2, "0.0"),
        (6759.9, -3, "7000.0"),
        (0.10118, -1, "0.0"),
        (-88.61382, 7, "-88.61382"),
        (93.366545, 6, "93.366545"),
        (-155731.05000000002, 2, "-155731.05"),
        (-8.136261, 5, "-8.13626"),
        (-4534.1404999999995, -3, "-5000.0"),
        (2053.384, -2, "2100.0"),
        (-0.03322087, 10, "-0.03322087"),
    ];
    for &(x, nd, want) in cases {
        let got = match round_float(x, nd) {
            Ok(v) => float_repr(v),
            Err(e) => format!("!{}", e).replacen(": ", ":", 1),
        };
        assert_eq!(got, want, "round({:?}, {})", x, nd);
    }
}

#[test]
fn parse_float_matches_cpython() {
    // (input, repr of float(input) or None if ValueError)
    #[rustfmt::skip]
    let cases: &[(&str, Option<&str>)] = &[
        ("1", Some("1.0")),
        ("1.", Some("1.0")),
        (".1", Some("0.1")),
        (".", None),
        ("", None),
        (" ", None),
        ("1e5", Some("100000.0")),
        ("1E5", Some("100000.0")),
        ("1e", None),
        ("1e+", None),
        ("e5", None),
        ("+1", Some("1.0")),
        ("-1", Some("-1.0")),
        ("++1", None),
        ("+-1", None),
        ("1_0", Some("10.0")),
        ("1__0", None),
        ("_1", None),
        ("1_", None),
        ("1_.5", None),
        ("1._5", None),
        ("1.5_", None),
        ("1e1_0", Some("10000000000.0")),
        ("1e_10", None),
        ("1_e5", None),
        ("inf", Some("inf")),
        ("INF", Some("inf")),
        ("-Infinity", Some("-inf")),
        ("infinit", None),
        ("nan", Some("nan")),
        ("-nan", Some("nan")),
        ("+NaN", Some("nan")),
        ("nan(1)", None),
        ("in_f", None),
        (" 1 ", Some("1.0")),
        ("\u{9}1\u{a}", Some("1.0")),
        ("　1 ", Some("1.0")),
        ("\u{1c}1\u{1f}", None),
        ("1 2", None),
        ("١٢٣", Some("123.0")),
        ("١.٥", Some("1.5")),
        ("１２", Some("12.0")),
        ("0x10", None),
        ("1e99999999999", Some("inf")),
        ("-1e99999999999", Some("-inf")),
        ("1e-99999999999", Some("0.0")),
        ("0e99999999999999999999999", Some("0.0")),
        ("2.4703282292062327e-324", Some("0.0")),
        ("2.4703282292062328e-324", Some("5e-324")),
        ("1.7976931348623158e308", Some("1.7976931348623157e+308")),
        ("1.7976931348623159e308", Some("inf")),
        ("9007199254740993", Some("9007199254740992.0")),
        ("9007199254740993.000000000000001", Some("9007199254740994.0")),
        ("0.1e-5", Some("1e-06")),
        ("00012", Some("12.0")),
        ("1.0e+00_1", Some("10.0")),
        ("\u{0}", None),
        ("1\u{0}", None),
        ("+", None),
        ("-", None),
        ("+.e1", None),
        (".e1", None),
        ("1.e1", Some("10.0")),
        ("∞", None),
        ("\u{85}1\u{85}", Some("1.0")),
        (" 1", Some("1.0")),
        ("1.5", Some("1.5")),
        ("-2.5e-3", Some("-0.0025")),
        ("  +12_345.678_9e1_0  ", Some("123456789000000.0")),
        ("0.1", Some("0.1")),
        ("1e23", Some("1e+23")),
        ("8.98846567431158e307", Some("8.98846567431158e+307")),
        ("4.9406564584124654e-324", Some("5e-324")),
        ("1e-400", Some("0.0")),
        ("-0", Some("-0.0")),
        (".5e-2", Some("0.005")),
        ("5.e3", Some("5000.0")),
    ];
    for &(s, want) in cases {
        let got = parse_float(s).map(float_repr);
        assert_eq!(got.as_deref(), want, "float({:?})", s);
    }
    // Long inputs.
    assert_eq!(parse_float("1111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111").map(float_repr).as_deref(), Some("inf"));
    assert_eq!(parse_float("0.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001").map(float_repr).as_deref(), Some("1e-301"));
    assert_eq!(
        parse_float("999999999999999999999999999999.999999999999999999999999999999e-40")
            .map(float_repr)
            .as_deref(),
        Some("1e-10")
    );
    assert_eq!(parse_float("2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324").map(float_repr).as_deref(), Some("0.0"));
}

#[test]
fn parse_int_matches_cpython() {
    // (input, base, str(int(input, base)) or None if ValueError)
    #[rustfmt::skip]
    let cases: &[(&str, u32, Option<&str>)] = &[
        ("0", 0, Some("0")),
        ("00", 0, Some("0")),
        ("0_0", 0, Some("0")),
        ("010", 0, None),
        ("0_1", 0, None),
        ("010", 10, Some("10")),
        ("0x1f", 0, Some("31")),
        ("0X1F", 16, Some("31")),
        ("0x_1f", 16, Some("31")),
        ("0x__1f", 16, None),
        ("0x", 16, None),
        ("0x_", 0, None),
        ("0b101", 0, Some("5")),
        ("0b101", 16, Some("45313")),
        ("0o17", 8, Some("15")),
        ("0o17", 0, Some("15")),
        ("0o17", 10, None),
        ("1_000", 10, Some("1000")),
        ("1__000", 10, None),
        ("_1", 10, None),
        ("1_", 10, None),
        ("+_1", 10, None),
        ("-0x1f", 0, Some("-31")),
        ("- 1", 10, None),
        (" -1 ", 10, Some("-1")),
        ("　-1　", 10, Some("-1")),
        ("١٢٣", 10, Some("123")),
        ("١٢٣", 16, Some("291")),
        ("z", 36, Some("35")),
        ("Z", 36, Some("35")),
        ("z", 35, None),
        ("", 10, None),
        ("+", 10, None),
        ("12", 1, None),
        ("12", 37, None),
        ("12", 2, None),
        ("1 2", 10, None),
        ("0b", 2, None),
        ("0b1", 2, Some("1")),
        ("0B1_1", 0, Some("3")),
        ("000_000", 0, Some("0")),
        ("00_01", 0, None),
        ("0_x1", 0, None),
        ("99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999", 10, Some("99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999")),
        ("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 16, Some("17218479456385750618067377696052635483579924745448689921733236816400740691241745619397484537236046173286370919031961587788584927290816661024991609882728717344659503471655990880884679896520055123906467064419056526231345685268240569209892573766037966584735183775739433978714578587782701380797240772477647874555986712746271362892227516205318914435913511141036261375")),
        ("1\u{0}", 10, None),
        ("１２", 10, Some("12")),
        ("ⅷ", 10, None),
        ("²", 10, None),
        ("0o8", 0, None),
        ("0o_7", 8, Some("7")),
        ("  0x_dead_BEEF ", 0, Some("3735928559")),
        ("-0b_1", 0, Some("-1")),
        ("+0O7_7", 0, Some("63")),
        ("1_2_3", 0, Some("123")),
        ("٣", 0, Some("3")),
        ("0٣", 0, None),
        ("z_z", 36, Some("1295")),
        ("10", 3, Some("3")),
        ("12", 2, None),
        ("\u{1c}1", 10, None),
        ("\u{85}1", 10, Some("1")),
    ];
    for &(s, base, want) in cases {
        let got = parse_int(s, base).map(|v| v.to_string());
        assert_eq!(got.as_deref(), want, "int({:?}, {})", s, base);
    }
}

#[test]
fn float_hex_matches_cpython() {
    #[rustfmt::skip]
    let cases: &[(f64, &str)] = &[
        (0.0, "0x0.0p+0"),
        (-0.0, "-0x0.0p+0"),
        (1.0, "0x1.0000000000000p+0"),
        (-1.0, "-0x1.0000000000000p+0"),
        (0.1, "0x1.999999999999ap-4"),
        (0.5, "0x1.0000000000000p-1"),
        (5e-324, "0x0.0000000000001p-1022"),
        (2.2250738585072014e-308, "0x1.0000000000000p-1022"),
        (2.225073858507201e-308, "0x0.fffffffffffffp-1022"),
        (1.7976931348623157e+308, "0x1.fffffffffffffp+1023"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (f64::NAN, "nan"),
        (3.25159, "0x1.a03419e300150p+1"),
        (1e-300, "0x1.56e1fc2f8f359p-997"),
        (123456789.0, "0x1.d6f3454000000p+26"),
    ];
    for &(x, want) in cases {
        assert_eq!(float_to_hex(x), want);
        if x.is_finite() {
            assert_eq!(float_from_hex(want).map(f64::to_bits), Ok(x.to_bits()));
        }
    }
}

#[test]
fn float_fromhex_matches_cpython() {
    // (input, repr of float.fromhex(input) or "!Kind:message")
    #[rustfmt::skip]
    let cases: &[(&str, &str)] = &[
        ("　 0x1p0", "!ValueError:invalid hexadecimal floating-point string"),
        (" 0x1p0 ", "1.0"),
        ("0x1p0\u{0}", "!ValueError:invalid hexadecimal floating-point string"),
        ("0x.8", "0.5"),
        ("0x1.", "1.0"),
        ("1p4", "16.0"),
        ("0X1P-1", "0.5"),
        ("infinity", "inf"),
        ("-Inf", "-inf"),
        ("nan", "nan"),
        ("0x1p1024", "!OverflowError:hexadecimal value too large to represent as a float"),
        ("0x1.fffffffffffff8p1023", "!OverflowError:hexadecimal value too large to represent as a float"),
        ("0x1.fffffffffffff7ffp1023", "1.7976931348623157e+308"),
        ("0x1p-1075", "0.0"),
        ("0x1.0000000000001p-1075", "5e-324"),
        ("0x1p99999999999999999999999", "!OverflowError:hexadecimal value too large to represent as a float"),
        ("0x0p99999999999999999999999", "0.0"),
        ("0x1p-99999999999999999999999", "0.0"),
        ("0x", "!ValueError:invalid hexadecimal floating-point string"),
        ("0xp1", "!ValueError:invalid hexadecimal floating-point string"),
        ("0x1p", "!ValueError:invalid hexadecimal floating-point string"),
        ("0x1p+", "!ValueError:invalid hexadecimal floating-point string"),
        (".p1", "!ValueError:invalid hexadecimal floating-point string"),
        ("0x.p1", "!ValueError:invalid hexadecimal floating-point string"),
        ("0x1_0p0", "!ValueError:invalid hexadecimal floating-point string"),
        ("-0x0p0", "-0.0"),
        ("0x1.8p-1074", "1e-323"),
        ("0x1.8p-1073", "1.5e-323"),
        ("0x0.0000000000001p-1022", "5e-324"),
        ("0x1.00000000000008p0", "1.0"),
        ("0x1.00000000000018p0", "1.0000000000000004"),
        ("0x1.000000000000080000001p0", "1.0000000000000002"),
        ("ff.8", "255.5"),
        ("+0x10.1p-4", "1.00390625"),
        ("0xfffffffffffffffffffffp-100", "1.52587890625e-05"),
        ("0x1.fffffffffffffp1023", "1.7976931348623157e+308"),
        ("-0x1p-1074", "-5e-324"),
        ("0x1p-1074", "5e-324"),
        ("0x3p-1076", "5e-324"),
        ("0x1p-1076", "0.0"),
        ("1e2", "482.0"),
        ("0x1e2", "482.0"),
        ("0x1 p1", "!ValueError:invalid hexadecimal floating-point string"),
        ("abc.defP+3", "21990.966796875"),
    ];
    for &(s, want) in cases {
        let got = match float_from_hex(s) {
            Ok(v) => float_repr(v),
            Err(e) => format!("!{}", e).replacen(": ", ":", 1),
        };
        assert_eq!(got, want, "float.fromhex({:?})", s);
    }
}

#[test]
fn radix_strings_match_cpython() {
    #[rustfmt::skip]
    let cases: &[(&str, &str, &str, &str)] = &[
        ("0", "0x0", "0o0", "0b0"),
        ("1", "0x1", "0o1", "0b1"),
        ("-1", "-0x1", "-0o1", "-0b1"),
        ("31", "0x1f", "0o37", "0b11111"),
        ("-31", "-0x1f", "-0o37", "-0b11111"),
        ("255", "0xff", "0o377", "0b11111111"),
        ("18446744073709551616", "0x10000000000000000", "0o2000000000000000000000", "0b10000000000000000000000000000000000000000000000000000000000000000"),
        ("-18446744073709551617", "-0x10000000000000001", "-0o2000000000000000000001", "-0b10000000000000000000000000000000000000000000000000000000000000001"),
        ("1000000000000000000000000000000", "0xc9f2c9cd04674edea40000000", "0o1447626234640431647336510000000000", "0b1100100111110010110010011100110100000100011001110100111011011110101001000000000000000000000000000000"),
        ("-10000000000000000000000007", "-0x84595161401484a000007", "-0o4105452130240024411200000007", "-0b100001000101100101010001011000010100000000010100100001001010000000000000000000000111"),
    ];
    for &(v, h, o, b) in cases {
        let v: BigInt = v.parse().unwrap();
        assert_eq!(int_to_radix_string(&v, 16, true), h);
        assert_eq!(int_to_radix_string(&v, 8, true), o);
        assert_eq!(int_to_radix_string(&v, 2, true), b);
    }
}

#[test]
fn int_to_float_matches_cpython() {
    // (int, repr(float(int)) or "!Kind:message")
    #[rustfmt::skip]
    let cases: &[(&str, &str)] = &[
        ("0", "0.0"),
        ("1", "1.0"),
        ("-1", "-1.0"),
        ("9007199254740993", "9007199254740992.0"),
        ("9007199254740995", "9007199254740996.0"),
        ("9223372036854775807", "9.223372036854776e+18"),
        ("18446744073709553664", "1.8446744073709552e+19"),
        ("18446744073709553665", "1.8446744073709556e+19"),
        ("179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792", "!OverflowError:int too large to convert to float"),
        ("179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791", "1.7976931348623157e+308"),
        ("-179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368", "-1.7976931348623157e+308"),
        ("100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "1e+308"),
        ("1000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "!OverflowError:int too large to convert to float"),
        ("36360291795869936842385267079543319118023385026001623040346035832580600191583895484198508262979388783308179702534403855752855931517013066142992430916562025780021771247847643450125342836565813209972590371590152578728008385990139795377610001", "3.6360291795869935e+238"),
        ("-33838570200749104093688312191360663049723538032163586311882583029937928817155484694868047033872426464394494995988271332913954603498574472214519578172866008667274238025742281231442261927858597726462360331182430633401319955052400299452568317841001584180002", "-3.38385702007491e+253"),
        ("18014398509481987", "1.8014398509481988e+16"),
    ];
    for &(v, want) in cases {
        let v: BigInt = v.parse().unwrap();
        let got = match int_to_f64(&v) {
            Ok(x) => float_repr(x),
            Err(e) => format!("!{}", e).replacen(": ", ":", 1),
        };
        assert_eq!(got, want, "float({})", v);
    }
}
