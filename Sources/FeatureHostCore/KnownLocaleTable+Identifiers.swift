// Written by KnownLocaleTableTests from the toolchain's ICU; not edited by hand.
extension KnownLocaleTable {
    /// The 388 identifiers whose `j` skeleton is 12-hour (`h` or `K`).
    static let twelveHourIdentifiers: StaticString = """
        af_NA ak ak_GH am am_ET apw apw_US ar ar_001 ar_AE ar_BH ar_DJ ar_DZ ar_EG ar_EH ar_ER ar_IQ ar_JO ar_KW ar_LB
        ar_LY ar_MR ar_OM ar_PS ar_QA ar_SA ar_SD ar_SO ar_SS ar_SY ar_TD ar_TN ar_YE arn arn_CL as as_IN bem bem_ZM bgc
        bgc_IN bho bho_IN bn bn_BD bn_IN bo_IN brx brx_IN byn byn_ER ccp ccp_BD ccp_IN ceb ceb_PH cho cho_US chr chr_US
        cic cic_US ckb ckb_IQ csw csw_CA doi doi_IN dz dz_BT ee ee_GH el el_CY el_GR en en_001 en_AE en_AG en_AL en_AR
        en_AS en_AU en_BB en_BD en_BM en_BN en_BS en_CA en_CL en_CO en_CY en_DM en_ER en_FJ en_FM en_GD en_GH en_GM
        en_GR en_GU en_GY en_HK en_IN en_JM en_KI en_KN en_KR en_KY en_LC en_LR en_LS en_MH en_MO en_MP en_MW en_MX
        en_MY en_NA en_NZ en_PG en_PH en_PK en_PR en_PW en_SA en_SB en_SD en_SG en_SL en_SS en_SZ en_TC en_TO en_TT
        en_TW en_UM en_US en_US_POSIX en_VC en_VG en_VI en_VU en_WS en_ZM es_419 es_AG es_AR es_BB es_BM es_BO es_BS
        es_CA es_CL es_CO es_CR es_CU es_DM es_DO es_EC es_GD es_GT es_GY es_HN es_KN es_KY es_LC es_MX es_NI es_PA
        es_PE es_PH es_PR es_PY es_SV es_TC es_TT es_US es_UY es_VC es_VE es_VG es_VI ff_Adlm_GH ff_Adlm_GM ff_Adlm_LR
        ff_Adlm_MR ff_Adlm_SL ff_Latn_GH ff_Latn_GM ff_Latn_LR ff_Latn_MR ff_Latn_SL fil fil_PH fr_DJ fr_DZ fr_MR fr_SY
        fr_TD fr_TN fr_VU gaa gaa_GH gez gez_ER gez_ET gn gn_PY gu gu_IN ha_GH haw haw_US hi hi_IN hi_Latn hi_Latn_IN iu
        iu_CA kab kab_DZ km km_KH kn kn_IN ko ko_KP ko_KR kok kok_Deva kok_Deva_IN kok_Latn kok_Latn_IN kpe kpe_LR ks
        ks_Arab ks_Arab_IN ks_Aran_IN ks_Deva ks_Deva_IN kxv kxv_Deva kxv_Deva_IN kxv_Latn kxv_Latn_IN kxv_Orya
        kxv_Orya_IN kxv_Telu kxv_Telu_IN lkt lkt_US lrc_IQ lut mai mai_IN mi mi_NZ mic mic_CA mid mid_IQ ml ml_IN mni
        mni_Beng mni_Beng_IN mni_Mtei mni_Mtei_IN moh moh_CA mr mr_IN ms ms_Arab ms_Arab_BN ms_Arab_MY ms_BN ms_MY ms_SG
        mus mus_US naq naq_NA ne_IN nnp nnp_IN nus nus_SS nv nv_US ny ny_MW om om_ET or or_IN osa osa_US pa pa_Arab
        pa_Arab_PK pa_Aran_PK pa_Guru pa_Guru_IN pqm pqm_CA ps_PK pt_MO qu qu_BO qu_EC qu_PE raj raj_IN rhg_Rohg_BD sa
        sa_IN sat sat_Deva sat_Deva_IN sat_Olck sat_Olck_IN sd sd_Arab sd_Arab_PK sd_Deva sd_Deva_IN sm sm_AS sm_WS so
        so_DJ so_ET so_SO sq sq_AL ss_SZ st_LS syr syr_IQ syr_SY ta ta_IN ta_MY ta_SG te te_IN ti ti_ER ti_ET tig tig_ER
        to to_TO tr_CY trv trv_TW ur ur_Arab ur_Arab_IN ur_Arab_PK ur_Aran_IN ur_Aran_PK vai vai_Latn vai_Latn_LR
        vai_Vaii vai_Vaii_LR wal wal_ET xnr xnr_IN yrl_CO yrl_VE yue yue_Hant yue_Hant_HK zh_Hans_HK zh_Hans_MO
        zh_Hans_MY zh_Hans_SG zh_Hant zh_Hant_HK zh_Hant_MO zh_Hant_MY zh_Hant_TW
        """

    /// The 646 identifiers whose `j` skeleton is 24-hour (`H` or `k`).
    static let twentyFourHourIdentifiers: StaticString = """
        af af_ZA agq agq_CM ain ain_JP ar_IL ar_KM ar_MA asa asa_TZ ast ast_ES az az_Cyrl az_Cyrl_AZ az_Latn az_Latn_AZ
        ba ba_RU bas bas_CM be be_BY ber ber_Latn ber_Latn_MA ber_Tfng ber_Tfng_MA bez bez_TZ bg bg_BG blo blo_BJ bm
        bm_ML bo bo_CN br br_FR bs bs_Cyrl bs_Cyrl_BA bs_Latn bs_Latn_BA ca ca_AD ca_ES ca_FR ca_IT ce ce_RU cgg cgg_UG
        ckb_IR co co_FR cs cs_CZ cv cv_RU cy cy_GB da da_DK da_GL dav dav_KE de de_AT de_BE de_CH de_DE de_IT de_LI
        de_LU dje dje_NE dsb dsb_DE dua dua_CM dv dv_MV dyo dyo_SN ebu ebu_KE ee_TG en_150 en_AI en_AT en_BE en_BG en_BI
        en_BR en_BW en_BZ en_CC en_CH en_CK en_CM en_CN en_CV en_CX en_CZ en_DE en_DG en_DK en_EE en_FI en_FK en_FR
        en_GB en_GG en_GI en_HU en_ID en_IE en_IL en_IM en_IO en_JE en_JP en_KE en_LT en_LV en_MG en_MM en_MS en_MT
        en_MU en_MV en_NF en_NG en_NL en_NO en_NR en_NU en_PL en_PN en_PT en_RU en_RW en_SC en_SE en_SH en_SI en_SK
        en_SX en_TH en_TK en_TR en_TV en_TZ en_UA en_UG en_ZA en_ZW eo eo_001 es es_003 es_BQ es_BR es_BZ es_CW es_EA
        es_ES es_GQ es_HT es_IC et et_EE eu eu_ES ewo ewo_CM fa fa_AF fa_IR ff ff_Adlm ff_Adlm_BF ff_Adlm_CM ff_Adlm_GN
        ff_Adlm_GW ff_Adlm_NE ff_Adlm_NG ff_Adlm_SN ff_Latn ff_Latn_BF ff_Latn_CM ff_Latn_GN ff_Latn_GW ff_Latn_NE
        ff_Latn_NG ff_Latn_SN fi fi_FI fo fo_DK fo_FO fr fr_BE fr_BF fr_BI fr_BJ fr_BL fr_CA fr_CD fr_CF fr_CG fr_CH
        fr_CI fr_CM fr_FR fr_GA fr_GF fr_GN fr_GP fr_GQ fr_HT fr_KM fr_LU fr_MA fr_MC fr_MF fr_MG fr_ML fr_MQ fr_MU
        fr_NC fr_NE fr_PF fr_PM fr_RE fr_RW fr_SC fr_SN fr_TG fr_WF fr_YT fur fur_IT fy fy_NL ga ga_GB ga_IE gd gd_GB gl
        gl_ES gsw gsw_CH gsw_FR gsw_LI guz guz_KE gv gv_IM ha ha_NE ha_NG he he_IL hmn hmn_CN hr hr_BA hr_HR hsb hsb_DE
        hu hu_HU hy hy_AM ia ia_001 id id_ID ie ie_EE ig ig_NG ii ii_CN inh io io_001 is is_IS it it_CH it_IT it_SM
        it_VA ja ja_JP jbo jbo_001 jgo jgo_CM jmc jmc_TZ jv jv_ID ka ka_GE kaj kaj_NG kam kam_KE kcg kcg_NG kde kde_TZ
        kea kea_CV kgp kgp_BR khq khq_ML ki ki_KE kk kk_Cyrl kk_Cyrl_KZ kk_KZ kkj kkj_CM kl kl_GL kln kln_KE ko_CN
        kpe_GN ksb ksb_TZ ksf ksf_CM ksh ksh_DE ku ku_TR kw kw_GB ky ky_KG lag lag_TZ lb lb_LU lg lg_UG lij lij_IT lmo
        lmo_IT ln ln_AO ln_CD ln_CF ln_CG lo lo_LA lrc lrc_IR lt lt_LT lu lu_CD luo luo_KE luy luy_KE lv lv_LV mas
        mas_KE mas_TZ mer mer_KE mfe mfe_MU mg mg_MG mgh mgh_MZ mgo mgo_CM mk mk_MK mn mn_MN ms_ID mt mt_MT mua mua_CM
        my my_MM myv myv_RU mzn mzn_IR nb nb_NO nb_SJ nd nd_ZW nds nds_DE nds_NL ne ne_NP nl nl_AW nl_BE nl_BQ nl_CW
        nl_NL nl_SR nl_SX nmg nmg_CM nn nn_NO nnh nnh_CM no nqo nqo_GN nr nr_ZA nso nso_ZA nyn nyn_UG oc oc_ES oc_FR
        om_KE os os_GE os_RU pcm pcm_NG pl pl_PL prg prg_PL ps ps_AF pt pt_AO pt_BR pt_CH pt_CV pt_FR pt_GQ pt_GW pt_LU
        pt_MZ pt_PT pt_ST pt_TL rej rej_ID rej_Rjng rej_Rjng_ID rhg rhg_Rohg rhg_Rohg_MM rm rm_CH rn rn_BI ro ro_MD
        ro_RO rof rof_TZ ru ru_BY ru_KG ru_KZ ru_MD ru_RU ru_UA rw rw_RW rwk rwk_TZ sah sah_RU saq saq_KE sbp sbp_TZ sc
        sc_IT scn scn_IT se se_FI se_NO se_SE seh seh_MZ ses ses_ML sg sg_CF shi shi_Latn shi_Latn_MA shi_Tfng
        shi_Tfng_MA si si_LK sjd sje sju sk sk_SK sl sl_SI smn smn_FI sn sn_ZW so_KE sq_MK sq_XK sr sr_Cyrl sr_Cyrl_BA
        sr_Cyrl_ME sr_Cyrl_RS sr_Cyrl_XK sr_Latn sr_Latn_BA sr_Latn_ME sr_Latn_RS sr_Latn_XK ss ss_ZA st st_ZA su
        su_Latn su_Latn_ID sv sv_AX sv_FI sv_SE sw sw_CD sw_KE sw_TZ sw_UG szl szl_PL ta_LK teo teo_KE teo_UG tg tg_TJ
        th th_TH tk tk_TM tn tn_BW tn_ZA tok tok_001 tr tr_TR ts ts_ZA tt tt_RU twq twq_NE tzm tzm_MA ug ug_CN uk uk_UA
        uz uz_Arab uz_Arab_AF uz_Cyrl uz_Cyrl_UZ uz_Latn uz_Latn_UZ ve ve_ZA vec vec_IT vi vi_VN vmw vmw_MZ vun vun_TZ
        wa wa_BE wae wae_CH wo wo_SN xh xh_ZA xog xog_UG yav yav_CM yi yi_UA yo yo_BJ yo_NG yrl yrl_BR yue_Hans
        yue_Hans_CN yue_Hant_CN za za_CN zgh zgh_MA zh zh_Hans zh_Hans_CN zh_Hans_JP zh_Hant_CN zh_Hant_JP zu zu_ZA
        """
}
